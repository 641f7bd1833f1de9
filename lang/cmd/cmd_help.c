/*
 * help: the command list, or help on a command, key, setting, patch or metric, from the same tables
 * the man page and completion read.
 */
#include "../cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/err.h"
#include "../../core/patch.h"
#include "../../core/params.h"
#include "../../core/suggest.h"
#include "../lesson.h"
#include "../out/render.h"
#include "../settings.h"
#include "../out/records.h"
#include "../out/wrap.h"
#include "cmd_variant.h"

/* A command's help and details (its row), each paragraph wrapped and indented, to the reader's width or 80. */
static void help_details(const struct session *s, const struct cmd_entry *c, struct strbuf *out)
{
	struct strbuf d = STRBUF_INIT, w = STRBUF_INIT;
	int width = session_width(s) ? session_width(s) : 80;

	sb_printf(&d, "%s\n", c->help);
	if (c->details)
		c->details(s->m.set, &d);
	if (c->out != OUT_NONE) /* outopts.h: the same words for every command that prints */
		sb_puts(&d, "Output options, anywhere in the command: > PATH or --output PATH (to a file; a .csv or "
			    ".json ending picks that format), --format table|csv|json, --width N (24..1000 columns); "
			    "before -c they apply to every command.\n");
	wrap_text(&w, sb_str(&d), width - 2, 0);
	for (const char *p = sb_str(&w); *p; p++) {
		if (p == sb_str(&w) || p[-1] == '\n')
			sb_puts(out, "  ");
		sb_putc(out, *p);
	}
	sb_free(&d);
	sb_free(&w);
}

static void help_param(const struct param *p, struct strbuf *out)
{
	char range[PARAM_RANGE_MAX];

	param_format_range(p, range, sizeof(range));
	sb_printf(out, "%s: %s\n  range: %s%s%s\n  default: %s\n", p->name, p->help, range, *p->unit ? "  unit: " : "",
		  p->unit, p->def);
}

static void help_patch(const struct patch_desc *d, struct strbuf *out)
{
	sb_printf(out, "%s: %s (seed %s)\n  sides:", d->id, d->title, d->seed);
	for (int i = 0; d->sides[i]; i++)
		sb_printf(out, " %s", d->sides[i]);
	sb_puts(out, "\n  metrics:\n");
	for (const struct metric_desc *md = d->metrics; md->name; md++)
		sb_printf(out, "    %s.%-24s %-8s %-6s %-8s %s\n", d->id, md->name, metric_kind_name(md->kind),
			  metric_better_name(md->better), md->unit, md->help);
	variant_help_patch(d, out);
}

/* help as csv or json: the table rows themselves, for a script that builds its own docs or completion */
static const char *const help_cmd_heads[] = { "command", "usage", "help", NULL };
static const char *const help_param_heads[] = { "key", "range", "unit", "default", "group", "help", NULL };
static const char *const help_metric_heads[] = { "metric", "kind", "better", "unit", "sides", "reads", "help", NULL };

static void rec_command(struct records *r, const struct cmd_entry *c)
{
	rec_str(r, c->name);
	rec_str(r, c->usage);
	rec_str(r, c->help);
	rec_end_row(r);
}

static void rec_param(struct records *r, const struct param *p)
{
	char range[PARAM_RANGE_MAX];

	param_format_range(p, range, sizeof(range));
	rec_str(r, p->name);
	rec_str(r, range);
	rec_str(r, p->unit);
	rec_str(r, p->def);
	rec_str(r, p->group);
	rec_str(r, p->help);
	rec_end_row(r);
}

static void rec_metric(struct records *r, const struct patch_desc *d, const struct metric_desc *md)
{
	char name[160], sides[160] = "";
	size_t n = 0;

	snprintf(name, sizeof(name), "%s.%s", d->id, md->name);
	for (int i = 0; !md->single && d->sides[i]; i++)
		n += (size_t)snprintf(sides + n, n < sizeof(sides) ? sizeof(sides) - n : 0, "%s%s", i ? " " : "",
				      d->sides[i]);
	rec_str(r, name);
	rec_str(r, metric_kind_name(md->kind));
	rec_str(r, metric_better_name(md->better));
	rec_str(r, md->unit);
	rec_str(r, sides);
	rec_str(r, md->reads ? md->reads : "");
	rec_str(r, md->help);
	rec_end_row(r);
}

static int help_records(struct session *s, int argc, char **argv, struct strbuf *out)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	const struct cmd_entry *c;
	const struct param *p;
	const struct patch_desc *d;
	struct metric_ref ref;
	struct records r;
	char why[512];

	int list_params = argc && (!strcmp(argv[0], "set") || !strcmp(argv[0], "params"));

	if (!list_params && (!argc || (c = cmd_find(argv[0])))) {
		rec_begin(&r, &s->doc, s->format, help_cmd_heads, NULL, 0, out);
		for (const struct cmd_entry *const *k = cmd_table; *k; k++)
			if (argc == 0 || *k == cmd_find(argv[0]))
				rec_command(&r, *k);
	} else if (list_params || (p = param_find(argv[0]))) {
		rec_begin(&r, &s->doc, s->format, help_param_heads, NULL, 0, out);
		for (size_t i = 0; i < nparams; i++)
			if (list_params || &params[i] == p)
				rec_param(&r, &params[i]);
	} else if (!strcmp(argv[0], "metrics") || (d = patch_find(s->m.set, argv[0]))) {
		rec_begin(&r, &s->doc, s->format, help_metric_heads, NULL, 0, out);
		for (int i = 0; patches[i]; i++)
			for (const struct metric_desc *md = patches[i]->metrics; md->name; md++)
				if (!strcmp(argv[0], "metrics") || patches[i] == patch_find(s->m.set, argv[0]))
					rec_metric(&r, patches[i], md);
	} else if (strchr(argv[0], '.') && !metric_parse_m(&s->m, argv[0], &ref, why, sizeof(why))) {
		rec_begin(&r, &s->doc, s->format, help_metric_heads, NULL, 0, out);
		rec_metric(&r, ref.patch, ref.metric);
	} else {
		return -1;
	}
	rec_end(&r);
	return 0;
}

/* help: every command, its usage and help, as the table lists them. */
static void help_commands(struct strbuf *out)
{
	sb_puts(out, "commands (separate with ';' or newlines, '#' at a word's start begins a comment):\n");
	for (const struct cmd_entry *const *k = cmd_table; *k; k++)
		sb_printf(out, "  %-8s %s\n  %-8s   %s\n", (*k)->name, (*k)->usage, "", (*k)->help);
	sb_puts(out, "help set: parameters; help settings: the theme; help PATCH: metrics; help KEY, help METRIC: one of them\n"
		     "a command that prints takes > PATH, --output PATH, --format FMT and --width N inside it\n");
}

/* help set: every parameter, its range and help, and how sizes and numbers are written. */
static void help_params(struct strbuf *out)
{
	sb_puts(out, "parameters (set KEY VALUE):\n");
	for (size_t i = 0; i < nparams; i++) {
		char range[PARAM_RANGE_MAX];

		param_format_range(&params[i], range, sizeof(range));
		sb_printf(out, "  %-*s %-30s %s\n", (int)param_name_width(), params[i].name, range, params[i].help);
	}
	sb_puts(out, "sizes are binary: K M G T P E (or k m g t e), alone or with B, i or iB: 4G = 4GB = 4Gi = 4GiB;\n"
		     "NNNp is pages, only on keys counted in pages (totalram, zone); pebibytes are P or PiB\n"
		     "numbers are decimal: a leading 0 (octal in C: 010 is 8) is refused, as in variant expressions\n");
}

/* help answer: how a lesson's question takes its answer (lesson.c's judge, replyunit.c's units). */
static void help_answer(struct strbuf *out)
{
	sb_puts(out, "answer TEXT: a lesson's answer. In the explorer's lesson pane Enter or a opens the answer line on "
		     "a question (Esc leaves it, the question stays); batchlab --lesson NAME < FILE reads a homework, a line "
		     "a try: numbered (N: TEXT), blocks, or lines (batchlab-lesson(5)).\n"
		     "A number is written as a person writes it, in any unit of the question's quantity: a size in B, "
		     "KiB .. PiB (128G, 11.83 MiB), a time in s, ms, us or ns, a rate in bps .. Tbps (18.6 Gbps), a count "
		     "with a k, M or G (69.58 k), a factor as x64 or 64x, a share as 0.5 %. A bare number is in the "
		     "question's own unit (MiB for a question in MiB). What batchlab prints for the value is always taken "
		     "back. A design question takes an expression (its check runs it).\n"
		     "Three tries, a hint after a wrong one, then the answer and how it was found; grade records each try.\n");
}

/* The topics that are words of help's own (set, lessons, settings, metrics, variant): 1 when topic was one. */
static int help_word_topic(const struct session *s, const char *topic, struct strbuf *out, int *rc, char *err,
			   size_t errlen)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);

	*rc = 0;
	if (!strcmp(topic, "set") || !strcmp(topic, "params")) {
		help_params(out);
	} else if (!strcmp(topic, "keys")) {
		if (s && s->keys_help)
			s->keys_help(s->keys_ctx, out);
		else
			sb_puts(out, "keys: the explorer's (batchlab at a terminal, no mode): ? there lists them, and help keys "
				     "the keys of the view on top\n");
	} else if (!strcmp(topic, "tour") || !strcmp(topic, "tutorial") || !strcmp(topic, "lessons")) {
		sb_puts(out, "lessons: guided tours with exercises batchlab checks itself (lesson NAME starts one;\n"
			     "batchlab --lesson NAME from the shell; in the explorer n and p walk the steps):\n");
		*rc = lesson_list(out, err, errlen);
	} else if (!strcmp(topic, "settings")) {
		sb_puts(out, "settings (set NAME VALUE; how batchlab shows things, not part of the machine or a preset):\n");
		for (const struct setting *st = settings; st->name; st++)
			sb_printf(out, "  %-*s %s\n", (int)param_name_width(), st->name, st->help);
	} else if (!strcmp(topic, "metrics")) {
		for (int i = 0; patches[i]; i++)
			help_patch(patches[i], out);
	} else if (!strcmp(topic, "variant")) {
		variant_help(s->m.set, out);
	} else if (!strcmp(topic, "answer")) {
		help_answer(out);
	} else {
		return 0;
	}
	return 1;
}

/* A metric's kernel column: what it is, and its value beside after's on this machine. */
static void help_kernel_side(const struct session *s, const struct metric_ref *ref, struct strbuf *out)
{
	char k[64], a[64];
	struct strbuf t = STRBUF_INIT;

	render_human(metric_compute(&s->m, ref->patch, ref->metric, SIDE_KERNEL, NULL), ref->metric->unit, k, sizeof(k));
	render_human(metric_compute(&s->m, ref->patch, ref->metric, ref->patch->after, NULL), ref->metric->unit, a,
		     sizeof(a));
	sb_puts(&t, "  ");
	render_kernel_column(&s->m, &t);
	sb_printf(out, "%s  here: kernel %s, after %s (explain %s.%s.kernel shows the release's working)\n", sb_str(&t), k,
		  a, ref->patch->id, ref->metric->name);
	sb_free(&t);
}

/* A topic that names a row of a table: a command, key, setting, patch or metric; 1 when it was one. */
static int help_named_topic(const struct session *s, const char *topic, struct strbuf *out)
{
	const struct cmd_entry *c;
	const struct param *p;
	const struct patch_desc *d;
	struct metric_ref ref;
	char why[512];

	if ((c = cmd_find(topic))) {
		sb_printf(out, "%s %s\n", c->name, c->usage);
		help_details(s, c, out);
	} else if ((p = param_find(topic))) {
		help_param(p, out);
	} else if (setting_find(topic)) {
		sb_printf(out, "%s: %s\n  now: %s\n", topic, setting_find(topic)->help, setting_find(topic)->get(s));
	} else if ((d = patch_find(s->m.set, topic))) {
		help_patch(d, out);
	} else if (strchr(topic, '.') && !metric_parse_m(&s->m, topic, &ref, why, sizeof(why))) {
		sb_printf(out, "%s.%s: %s\n  unit: %s; %s; better: %s; %s\n", ref.patch->id, ref.metric->name,
			  ref.metric->help, ref.metric->unit, metric_kind_name(ref.metric->kind),
			  metric_better_name(ref.metric->better), ref.metric->single ? "single-valued" : "one value per side");
		if (ref.patch->kernel_code && !ref.metric->single)
			help_kernel_side(s, &ref, out);
	} else {
		return 0;
	}
	return 1;
}

/* No such topic: the error, with the nearest name help knows (the same tables: commands, keys, patches, metrics). */
static int help_no_topic(const struct session *s, const char *topic, char *err, size_t errlen)
{
	const struct patch_desc *const *patches = patch_set_list(s->m.set);
	struct suggest sg;
	char mean[128], full[160];

	suggest_init(&sg, topic);
	suggest_offer(&sg, "metrics");
	suggest_offer(&sg, "keys");
	suggest_offer(&sg, "answer");
	suggest_offer(&sg, "params");
	for (const struct cmd_entry *const *k = cmd_table; *k; k++)
		suggest_offer(&sg, (*k)->name);
	for (size_t i = 0; i < nparams; i++)
		suggest_offer(&sg, params[i].name);
	for (int i = 0; patches[i]; i++) {
		suggest_offer(&sg, patches[i]->id);
		for (const struct metric_desc *md = patches[i]->metrics; md->name; md++) {
			snprintf(full, sizeof(full), "%s.%s", patches[i]->id, md->name);
			suggest_offer(&sg, full);
		}
	}
	return err_set(err, errlen, "help: no topic '%s'%s (try 'help', 'help set', 'help metrics', or a command, key, "
		       "patch or metric)", topic, suggest_text(&sg, mean, sizeof(mean)));
}

static int cmd_help(struct session *s, int argc, char **argv, struct strbuf *out, char *err, size_t errlen)
{
	int rc;

	if (s->format != FMT_TABLE && !help_records(s, argc, argv, out))
		return 0;
	if (!argc) {
		help_commands(out);
		return 0;
	}
	if (help_word_topic(s, argv[0], out, &rc, err, errlen))
		return rc;
	if (help_named_topic(s, argv[0], out))
		return 0;
	return help_no_topic(s, argv[0], err, errlen);
}

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.usage = "[TOPIC]",
	.args = { ARG_TOPIC, ARG_NONE, ARG_NONE },
	.min_args = 0,
	.max_args = 1,
	.help = "this list, or help on a command, key, patch or metric",
	.out = OUT_FILE | OUT_FORMATS,
	.exec = cmd_help,
	.examples = (const char *const[]){ "help", "help set", "help memcg_charge", "help grade", NULL },
};
