/*
 * The user's folders, as the XDG base directory rules name them: settings
 * in the config folder, lessons of one's own in the data folder, history and
 * lesson progress in the state folder - each with its ~/.config,
 * ~/.local/share, ~/.local/state fallback.
 */
#ifndef BL_XDG_H
#define BL_XDG_H

#include <stddef.h>

enum xdg_kind { XDG_CONFIG, XDG_DATA, XDG_STATE };

/* $XDG_..._HOME/batchlab[/sub] (sub may be NULL) into buf. -1 with neither the variable nor HOME set. */
int xdg_path(enum xdg_kind kind, const char *sub, char *buf, size_t len);

#endif
