/*
 * The user's folders, as the XDG base directory rules name them: settings
 * in the config folder, lessons of one's own in the data folder, history and
 * lesson progress in the state folder - each with its ~/.config,
 * ~/.local/share, ~/.local/state fallback - and the folders beside the
 * binary, where a source tree keeps its presets and lessons.
 */
#ifndef BL_XDG_H
#define BL_XDG_H

#include <stddef.h>

enum xdg_kind { XDG_CONFIG, XDG_DATA, XDG_STATE };

/* $XDG_..._HOME/batchlab[/sub] (sub may be NULL) into buf. -1 with neither the variable nor HOME set. */
int xdg_path(enum xdg_kind kind, const char *sub, char *buf, size_t len);

/* The folder name beside the running binary (presets/, lessons/ when run from the source tree). -1 if unknown. */
int beside_binary(const char *name, char *buf, size_t len);

#endif
