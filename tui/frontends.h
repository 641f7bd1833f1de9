/* The interactive front ends main() can hand a session to. Each returns the exit status. */
#ifndef BL_FRONTENDS_H
#define BL_FRONTENDS_H

#include "../lang/session.h"

int screen_main(struct session *s); /* curses explorer: screen.c */
int repl_main(struct session *s);   /* readline prompt: repl.c */

#endif
