/*
 * Tab completion without a terminal: given a line and the cursor, the words
 * that may go there. Everything offered comes from the tables - command
 * names and argument kinds from cmd_table[], keys and their choices from
 * params[], metric names from the machine's patch set, presets from the preset folders - so
 * completion cannot drift from what the commands accept. The readline prompt
 * (repl.c) only hooks this in, and adds file names when `files` is set.
 */
#ifndef BL_COMPLETE_H
#define BL_COMPLETE_H

#include <stddef.h>

struct completion_item {
	char *word;   /* the whole word, replacing the one at the cursor */
	int partial;  /* a valid stem that usually goes on (a patch id and '.'): no space after it */
};

struct completion {
	struct completion_item *items;
	size_t n, cap;
	size_t start; /* offset in the line where the word being completed begins */
	int files;    /* file names fit here too */
};

/* Fill c (zeroed by the caller) for the word that ends at point; 0, or -1 when out of memory. */
int complete_line(const char *line, size_t point, struct completion *c);
/* The same, offering m's variants (their names, and as sides of metrics). */
struct machine;
int complete_line_m(const struct machine *m, const char *line, size_t point, struct completion *c);
void completion_free(struct completion *c);

#endif
