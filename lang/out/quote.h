/*
 * Quoting, one function per consumer: every string batchlab writes into a
 * line something reads again goes through the quoting of what reads it.
 *
 *   batchlab's own command language  quote_cmd()        (lang/scan.h reads it)
 *   a POSIX shell word               quote_sh()         (the report's -P PATH)
 *   inside a shell's '...'           quote_sh_inside()  (the report's -c '...')
 *   CSV                              csv_field()        (records.h, RFC 4180)
 *   JSON                             json_string()      (records.h)
 *   markdown                         quote_md(), quote_md_cell(), quote_md_fence()
 *   SVG (XML)                        quote_xml()
 *
 * Each gives back the string it was given when its reader reads it, or says
 * it cannot (quote_cmd: a line break ends every batchlab command). None lets
 * a raw control character, escape sequence or byte that is not UTF-8 reach a
 * terminal from the shell line, markdown or SVG: tests/unit/test_quote.c
 * feeds every one of them hostile names and reads them back.
 */
#ifndef BL_QUOTE_H
#define BL_QUOTE_H

#include "../../core/strbuf.h"

/* s as one word of a batchlab command: bare, or in "..." (a '"' as '"'). -1 (nothing written) for a line break. */
int quote_cmd(struct strbuf *out, const char *s);
/*
 * s as one word of a POSIX shell command: bare when every byte is plain,
 * else in '...' (a ' as '\''); a control character (a line break stays as
 * it is) or a byte that is not UTF-8 as "$(printf '\NNN')", which any POSIX
 * sh reads.
 */
void quote_sh(struct strbuf *out, const char *s);
/* s inside a shell word already in '...': the same, without the opening and closing quotes. */
void quote_sh_inside(struct strbuf *out, const char *s);
/*
 * s as markdown text inside a line: what marks emphasis, code or a link (\ ` * _ [ ] ~) backslash-escaped, < and &
 * as entities (no raw HTML), a line break a space, a control character as &#N;, a byte that is not UTF-8 as U+FFFD.
 */
void quote_md(struct strbuf *out, const char *s);
/* s as a cell of a GitHub-flavoured table: quote_md() with '|' escaped too, blanks at its ends dropped. */
void quote_md_cell(struct strbuf *out, const char *s);
/* The fence for a code block holding text: ``` or more backticks than any run inside it. Returns how many. */
int quote_md_fence(const char *text);
/* s as XML character data or an attribute's value: &, <, >, " as entities; control bytes out, non-UTF-8 as U+FFFD. */
void quote_xml(struct strbuf *out, const char *s);

#endif
