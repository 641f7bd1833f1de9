/*
 * The document writer (lang/out/records.c): one json envelope for a stream's
 * results, jsonl's head lines, csv's '# COMMAND' and '# units:' lines, and
 * typed values (n/a and infinite as null with a reason or a sign beside).
 * Each expectation is the text the shapes spell out, written here
 * by hand.
 */
#include <math.h>

#include "testutil.h"
#include "jsoncheck.h"

#include "../../lang/out/records.h"

static const char *const heads[] = { "cpus", "x", NULL };
static const struct rec_unit units[] = { { "cpus", "CPUs", "input", NULL }, { "x", "pages", "exact", NULL } };

/* One result of two rows: cpus 1 and 2, x a value each. */
static void result(struct doc *d, enum out_format f, const char *cmd, struct value x1, struct value x2,
		   struct strbuf *out)
{
	struct records r;

	d->command = cmd;
	rec_begin(&r, d, f, heads, units, 2, out);
	rec_num(&r, "1");
	rec_value(&r, x1);
	rec_end_row(&r);
	rec_num(&r, "2");
	rec_value(&r, x2);
	rec_end_row(&r);
	rec_end(&r);
}

static void test_json_one_document(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct doc d;

	(void)state;
	doc_init(&d, 0, NULL);
	result(&d, FMT_JSON, "a", val_int(3), val_real(0.5), &out);
	result(&d, FMT_JSON, "b", val_none("why not"), val_real(INFINITY), &out);
	doc_close(&d, FMT_JSON, 0, &out);
	assert_string_equal(sb_str(&out),
			    "{\"batchlab\": \"" BATCHLAB_VERSION "\", \"results\": [\n"
			    "  {\"command\": \"a\", \"units\": {\"cpus\": {\"unit\": \"CPUs\", \"kind\": \"input\"}, "
			    "\"x\": {\"unit\": \"pages\", \"kind\": \"exact\"}}, \"rows\": [\n"
			    "    {\"cpus\": 1, \"x\": 3},\n"
			    "    {\"cpus\": 2, \"x\": 0.5}\n"
			    "  ]},\n"
			    "  {\"command\": \"b\", \"units\": {\"cpus\": {\"unit\": \"CPUs\", \"kind\": \"input\"}, "
			    "\"x\": {\"unit\": \"pages\", \"kind\": \"exact\"}}, \"rows\": [\n"
			    "    {\"cpus\": 1, \"x\": null, \"x:na\": \"why not\"},\n"
			    "    {\"cpus\": 2, \"x\": null, \"x:inf\": 1}\n"
			    "  ]}\n"
			    "]}\n");
	assert_true(json_valid(sb_str(&out)));
	/* closed once: a second close adds nothing; a stream with nothing in it stays empty unless asked */
	sb_reset(&out);
	doc_close(&d, FMT_JSON, 0, &out);
	assert_string_equal(sb_str(&out), "");
	doc_init(&d, 0, NULL);
	doc_close(&d, FMT_JSON, 1, &out);
	assert_string_equal(sb_str(&out), "{\"batchlab\": \"" BATCHLAB_VERSION "\", \"results\": []}\n");
	sb_free(&out);
}

static void test_jsonl_lines(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct doc d;

	(void)state;
	doc_init(&d, 0, NULL);
	result(&d, FMT_JSONL, "a", val_int(3), val_none(NULL), &out);
	doc_close(&d, FMT_JSONL, 1, &out);
	assert_string_equal(sb_str(&out),
			    "{\"head\": {\"command\": \"a\", \"units\": {\"cpus\": {\"unit\": \"CPUs\", \"kind\": \"input\"}, "
			    "\"x\": {\"unit\": \"pages\", \"kind\": \"exact\"}}}}\n"
			    "{\"cpus\": 1, \"x\": 3}\n"
			    "{\"cpus\": 2, \"x\": null, \"x:na\": \"n/a\"}\n");
	sb_free(&out);
}

static void test_csv_tables(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct doc d;

	(void)state;
	/* the first table as it always was; the second after a blank line and its command */
	doc_init(&d, 0, NULL);
	result(&d, FMT_CSV, "sweep a", val_int(3), val_none("x"), &out);
	result(&d, FMT_CSV, "sweep b", val_real(INFINITY), val_int(4), &out);
	doc_close(&d, FMT_CSV, 1, &out);
	assert_string_equal(sb_str(&out), "cpus,x\n1,3\n2,n/a\n\n# sweep b\ncpus,x\n1,inf\n2,4\n");
	/* --units: each column's unit and kind above the header */
	sb_reset(&out);
	doc_init(&d, 1, NULL);
	result(&d, FMT_CSV, "a", val_int(3), val_int(4), &out);
	assert_string_equal(sb_str(&out), "# units: CPUs (input),pages (exact)\ncpus,x\n1,3\n2,4\n");
	sb_free(&out);
}

static void test_units_by_name(void **state)
{
	static const char *const get_heads[] = { "name", "value", "unit", NULL };
	static const struct rec_unit named[] = { { "cpus", "CPUs", "input", NULL },
						 { "memcg_charge.speedup", "", "model", NULL },
						 { "cpus", "CPUs", "input", NULL } };
	struct strbuf out = STRBUF_INIT;
	struct records r;
	struct doc d;

	(void)state;
	/* rows that name their values (get): the units line names them; a name asked twice is listed once */
	doc_init(&d, 1, "get");
	rec_begin(&r, &d, FMT_CSV, get_heads, named, 3, &out);
	rec_end(&r);
	assert_string_equal(sb_str(&out), "# units: cpus=CPUs (input),memcg_charge.speedup=(model)\nname,value,unit\n");
	sb_reset(&out);
	doc_init(&d, 0, "get");
	rec_begin(&r, &d, FMT_JSON, get_heads, named, 3, &out);
	rec_end(&r);
	doc_close(&d, FMT_JSON, 0, &out);
	assert_non_null(strstr(sb_str(&out), "\"units\": {\"cpus\": {\"unit\": \"CPUs\", \"kind\": \"input\"}, "
					     "\"memcg_charge.speedup\": {\"unit\": \"\", \"kind\": \"model\"}}, \"rows\": []}"));
	assert_true(json_valid(sb_str(&out)));
	sb_free(&out);
}

static void test_format_switch(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct doc d;

	(void)state;
	/* json, then csv in the same stream: the document is whole before the table */
	doc_init(&d, 0, NULL);
	result(&d, FMT_JSON, "a", val_int(3), val_int(4), &out);
	result(&d, FMT_CSV, "b", val_int(5), val_int(6), &out);
	assert_non_null(strstr(sb_str(&out), "  ]}\n]}\ncpus,x\n1,5\n2,6\n"));
	assert_int_equal(d.open, 0);
	sb_free(&out);
}

/* A flag beside a null never meets a column of that name (a variant x_na beside x), and the checker sees a key twice. */
static void test_flags_apart(void **state)
{
	static const char *const names[] = { "x", "x_na", "x_inf", NULL };
	struct strbuf out = STRBUF_INIT;
	struct records r;
	struct doc d;

	(void)state;
	doc_init(&d, 0, NULL);
	d.command = "sweep";
	rec_begin(&r, &d, FMT_JSONL, names, NULL, 0, &out);
	rec_value(&r, val_none("division by zero"));
	rec_value(&r, val_int(5));
	rec_value(&r, val_real(-INFINITY));
	rec_end_row(&r);
	rec_end(&r);
	assert_non_null(strstr(sb_str(&out), "{\"x\": null, \"x:na\": \"division by zero\", \"x_na\": 5, "
					      "\"x_inf\": null, \"x_inf:inf\": -1}\n"));
	assert_true(json_valid(strchr(sb_str(&out), '\n') + 1));
	assert_false(json_valid("{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}}"));
	assert_false(json_valid("{\"x_na\": 1, \"x\": null, \"x_na\": \"why\"}"));
	assert_true(json_valid("[{\"a\": 1}, {\"a\": 2}]"));
	sb_free(&out);
}

/* A row {name, machine: {cpus, ram}, sides: [{side, x}...], xs: [...]} as report nests it. */
static void nested_row(struct doc *d, enum out_format f, const char *const *top, struct strbuf *out)
{
	static const char *const machine[] = { "cpus", "ram", NULL };
	static const char *const side[] = { "side", "x", NULL };
	struct records r;

	d->command = "nest";
	rec_begin(&r, d, f, top, NULL, 0, out);
	rec_str(&r, "a, b");
	rec_obj_begin(&r, machine);
	rec_num(&r, "8");
	rec_value(&r, val_none("no ram"));
	rec_obj_end(&r);
	rec_arr_begin(&r);
	for (int i = 0; i < 2; i++) {
		rec_obj_begin(&r, side);
		rec_str(&r, i ? "after" : "before");
		rec_value(&r, i ? val_real(INFINITY) : val_int(512));
		rec_obj_end(&r);
	}
	rec_arr_end(&r);
	rec_arr_begin(&r);
	rec_value(&r, val_int(1));
	rec_value(&r, val_none("gone"));
	rec_arr_end(&r);
	rec_skip(&r);
	rec_end_row(&r);
	rec_end(&r);
}

/* Objects and arrays in a row: json nests them, a key once each; csv flattens to dotted columns and one column per array. */
static void test_nested(void **state)
{
	static const char *const top[] = { "name", "machine", "sides", "xs", "chart", NULL };
	static const char *const flat[] = { "name", "machine.cpus", "machine.ram", "sides", "xs", "chart", NULL };
	struct strbuf out = STRBUF_INIT;
	struct doc d;

	(void)state;
	doc_init(&d, 0, NULL);
	nested_row(&d, FMT_JSONL, top, &out);
	assert_string_equal(strchr(sb_str(&out), '\n') + 1,
			    "{\"name\": \"a, b\", \"machine\": {\"cpus\": 8, \"ram\": null, \"ram:na\": \"no ram\"}, "
			    "\"sides\": [{\"side\": \"before\", \"x\": 512}, {\"side\": \"after\", \"x\": null, \"x:inf\": 1}], "
			    "\"xs\": [1, null]}\n");
	assert_true(json_valid(strchr(sb_str(&out), '\n') + 1));
	sb_reset(&out);
	doc_init(&d, 0, NULL);
	nested_row(&d, FMT_JSON, top, &out);
	doc_close(&d, FMT_JSON, 0, &out);
	assert_true(json_valid(sb_str(&out)));
	sb_reset(&out);
	doc_init(&d, 0, NULL);
	nested_row(&d, FMT_CSV, flat, &out);
	assert_string_equal(sb_str(&out), "name,machine.cpus,machine.ram,sides,xs,chart\n"
					  "\"a, b\",8,n/a,\"side=before, x=512; side=after, x=inf\",1; n/a,\n");
	sb_free(&out);
}

/* Issue 47: a real that is not a number is n/a with its reason in every format, never a bare nan. */
static void test_no_bare_nan(void **state)
{
	for (int f = 0; f < 3; f++) {
		static const enum out_format fmts[] = { FMT_CSV, FMT_JSON, FMT_JSONL };
		struct strbuf out = STRBUF_INIT;
		struct doc d;

		(void)state;
		doc_init(&d, 0, NULL);
		result(&d, fmts[f], "get", val_real(NAN), val_real(-NAN), &out);
		doc_close(&d, fmts[f], 0, &out);
		assert_null(strstr(sb_str(&out), "nan"));
		assert_non_null(strstr(sb_str(&out), fmts[f] == FMT_CSV ? "n/a" : "not a number"));
		if (fmts[f] == FMT_JSON)
			assert_true(json_valid(sb_str(&out)));
		sb_free(&out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_one_document), cmocka_unit_test(test_jsonl_lines),
		cmocka_unit_test(test_csv_tables),        cmocka_unit_test(test_units_by_name),
		cmocka_unit_test(test_format_switch),     cmocka_unit_test(test_flags_apart),
		cmocka_unit_test(test_nested),            cmocka_unit_test(test_no_bare_nan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
