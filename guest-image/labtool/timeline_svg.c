// SPDX-License-Identifier: GPL-2.0
/*
 * labtool timeline: the picture, as hand-written SVG. Every state band
 * and mark is one element whose class, data-dev and data-t0/data-t1 (or
 * data-t) say what and when in trace seconds, so that a test can find
 * them; a <title> says the same to a person hovering over it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "timeline.h"

#define WIDTH		1400
#define LEFT		170	/* the rows' names */
#define RIGHT		30
#define TOP		64	/* title and legend */
#define ROW_H		44
#define BAND_H		20
#define MARK_Y		30	/* the marks' lane, below the band */
#define LABEL_Y		40	/* the first refusal labels' baseline */
#define LABEL_LANES	3	/* at most, for refusal labels below the marks */
#define LANE_H		11
#define LABEL_SIZE	9
/* per character: DejaVu Sans at 9 px measured 4.5 to 4.9 for refusals'
 * words and numbers; more, so that a label's box holds its text */
#define LABEL_CHAR_W	5.4
#define LABEL_GAP	4

static const char *const state_fill[TL_STATES] = {
	[TL_ACTIVE] = "#43a047", [TL_SUSPENDING] = "#fdd835", [TL_SUSPENDED] = "#1e88e5",
	[TL_RESUMING] = "#8e24aa", [TL_UNKNOWN] = "#bdbdbd",
};

#define STREAM_FILL	"#00897b"
#define STREAM_WORD	"iso stream"

static const char *const mark_fill[TL_MARK_KINDS] = {
	[TL_WAKE] = "#e53935", [TL_DATA] = "#212121", [TL_REFUSAL] = "#fb8c00",
	[TL_USAGE] = "#757575",
};

struct scale {
	double t0, span;
};

/* where a refusal's label goes */
struct label {
	double x;
	int lane;	/* -1: none, counted in an earlier label's "+N more" */
	long more;	/* the refusals after it that have no label */
};

static double xof(const struct scale *s, double t)
{
	return LEFT + (t - s->t0) / s->span * (WIDTH - LEFT - RIGHT);
}

/* text as XML character data or an attribute value */
static void esc(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(*s, out);
		}
	}
}

/* one legend entry at X; where the next one goes (12 px of text per 7 characters) */
static double legend_item(FILE *out, double x, const char *fill, const char *word)
{
	fprintf(out, "<rect class=\"legend\" x=\"%.0f\" y=\"40\" width=\"12\" height=\"12\" fill=\"%s\"/>",
		x, fill);
	fprintf(out, "<text x=\"%.0f\" y=\"50\" font-size=\"12\">%s</text>\n", x + 16, word);
	return x + 16 + 7.0 * strlen(word) + 24;
}

/* an inferred band: its state's colour under white stripes */
static void patterns(FILE *out)
{
	int i;

	fprintf(out, "<defs>");
	for (i = 0; i < TL_STATES; i++)
		fprintf(out, "<pattern id=\"inferred-%s\" width=\"6\" height=\"6\" "
			"patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
			"<rect width=\"6\" height=\"6\" fill=\"%s\"/>"
			"<rect width=\"3\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0.6\"/></pattern>",
			tl_state_name[i], state_fill[i]);
	fprintf(out, "</defs>\n");
}

static bool any_inferred(const struct timeline *tl)
{
	long i;
	int r;

	for (r = 0; r < tl->nrows; r++)
		for (i = 0; i < tl->row[r].nband; i++)
			if (tl->row[r].band[i].inferred)
				return true;
	return false;
}

static void header(FILE *out, const struct timeline *tl, const char *title, int height)
{
	double x = LEFT;
	int i;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n", WIDTH, height, WIDTH, height);
	fprintf(out, "<rect class=\"background\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		WIDTH, height);
	fprintf(out, "<text class=\"title\" x=\"10\" y=\"22\" font-size=\"16\">");
	esc(out, title ? title : "autopm-lab timeline");
	fprintf(out, "</text>\n");
	patterns(out);
	for (i = 0; i < TL_STATES; i++)
		x = legend_item(out, x, state_fill[i], tl_state_name[i]);
	for (i = 0; i < TL_MARK_KINDS; i++)
		x = legend_item(out, x, mark_fill[i], tl_mark_name[i]);
	if (any_inferred(tl))
		x = legend_item(out, x, "url(#inferred-unknown)", TL_INFERRED);
	if (tl->nstream)
		legend_item(out, x, STREAM_FILL, STREAM_WORD);
}

/* the endpoints with isochronous streams, each once, in order of their first */
static int stream_eps(const struct timeline *tl, const char **ep, int max)
{
	int n = 0, j;
	long i;

	for (i = 0; i < tl->nstream; i++) {
		for (j = 0; j < n && strcmp(ep[j], tl->stream[i].ep); j++)
			;
		if (j == n && n < max)
			ep[n++] = tl->stream[i].ep;
	}
	return n;
}

/* a row per endpoint: its streams as bands, with their requests and bytes */
static void stream_row(FILE *out, const struct scale *s, const struct timeline *tl,
		       const char *ep, double y)
{
	const struct tl_stream *st;
	double x0, w, secs;
	long i;

	fprintf(out, "<text class=\"row-label\" x=\"10\" y=\"%.0f\" font-size=\"13\">", y + 15);
	esc(out, ep);
	fprintf(out, "</text><text x=\"10\" y=\"%.0f\" font-size=\"10\" fill=\"#616161\">"
		"gadget: UDC requests</text>\n", y + 29);
	for (i = 0; i < tl->nstream; i++) {
		st = &tl->stream[i];
		if (strcmp(st->ep, ep))
			continue;
		x0 = xof(s, st->t0);
		w = xof(s, st->t1) - x0;
		secs = st->t1 - st->t0;
		fprintf(out, "<rect class=\"stream\" data-dev=\"");
		esc(out, ep);
		fprintf(out, "\" data-t0=\"%.6f\" data-t1=\"%.6f\" data-requests=\"%ld\" "
			"data-bytes=\"%ld\" x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%d\" "
			"fill=\"%s\"><title>", st->t0, st->t1, st->requests, st->bytes, x0, y,
			w < 0.3 ? 0.3 : w, BAND_H, STREAM_FILL);
		esc(out, ep);
		fprintf(out, " %.6f to %.6f s: %ld requests, %ld bytes", st->t0, st->t1,
			st->requests, st->bytes);
		if (secs > 0)
			fprintf(out, " (%.0f requests/s, %.0f bytes/s)", (st->requests - 1) / secs,
				st->bytes / secs);
		fprintf(out, "</title></rect>\n");
	}
}

static void band(FILE *out, const struct scale *s, const struct tl_row *r, const struct tl_band *b,
		 double y)
{
	double x0 = xof(s, b->t0), w = xof(s, b->t1) - x0;
	char fill[40];

	if (b->inferred)
		snprintf(fill, sizeof(fill), "url(#inferred-%s)", tl_state_name[b->state]);
	else
		snprintf(fill, sizeof(fill), "%s", state_fill[b->state]);
	/* a band too short to see still gets a sliver */
	fprintf(out, "<rect class=\"state %s%s\" data-dev=\"", tl_state_name[b->state],
		b->inferred ? " inferred" : "");
	esc(out, r->name);
	fprintf(out, "\" data-state=\"%s\" data-t0=\"%.6f\" data-t1=\"%.6f\" x=\"%.2f\" y=\"%.0f\" "
		"width=\"%.2f\" height=\"%d\" fill=\"%s\"><title>", tl_state_name[b->state], b->t0,
		b->t1, x0, y, w < 0.3 ? 0.3 : w, BAND_H, fill);
	esc(out, r->name);
	fprintf(out, " %s %.6f to %.6f s (%.3f ms)%s</title></rect>\n", tl_state_name[b->state],
		b->t0, b->t1, (b->t1 - b->t0) * 1e3, b->inferred ? ", " TL_INFERRED : "");
}

static void row(FILE *out, const struct scale *s, const struct tl_row *r, double y)
{
	long i;

	fprintf(out, "<text class=\"row-label\" x=\"10\" y=\"%.0f\" font-size=\"13\">", y + 15);
	esc(out, r->name);
	fprintf(out, "</text><text x=\"10\" y=\"%.0f\" font-size=\"10\" fill=\"#616161\">", y + 29);
	esc(out, r->role);
	fprintf(out, ": ");
	esc(out, r->source);
	fprintf(out, "</text>\n");
	for (i = 0; i < r->nband; i++)
		band(out, s, r, &r->band[i], y);
}

static double label_w(const struct tl_mark *m, long more)
{
	char tail[32];
	size_t n = strlen(m->text);

	if (more)
		n += snprintf(tail, sizeof(tail), " +%ld more", more);
	return n * LABEL_CHAR_W;
}

/*
 * Lay out row DEV's refusal labels, in trace order, so that none
 * overlaps another: each goes in the first lane with room for it. One
 * that finds no room, or that would need a lane below the first only to
 * say what the latest label says, is counted in that label's "+N more"
 * (its dot and <title> stay). Returns how many lanes are used.
 */
static int lay_out_labels(const struct scale *s, const struct timeline *tl, const char *dev,
			  struct label *lab)
{
	double end[LABEL_LANES];
	long i, last = -1;
	int l, lanes = 0;

	for (l = 0; l < LABEL_LANES; l++)
		end[l] = -INFINITY;
	for (i = 0; i < tl->nmark; i++) {
		const struct tl_mark *m = &tl->mark[i];
		double x = xof(s, m->t) + 5;

		if (m->kind != TL_REFUSAL || strcmp(m->dev, dev))
			continue;
		for (l = 0; l < LABEL_LANES && end[l] + LABEL_GAP > x; l++)
			;
		if (last >= 0 && (l == LABEL_LANES || (l && !strcmp(m->text, tl->mark[last].text)))) {
			lab[i].lane = -1;
			lab[last].more++;
			end[lab[last].lane] = lab[last].x + label_w(&tl->mark[last], lab[last].more);
			continue;
		}
		lab[i] = (struct label){ .x = x, .lane = l };
		end[l] = x + label_w(m, 0);
		last = i;
		if (l >= lanes)
			lanes = l + 1;
	}
	return lanes;
}

/* one mark: a shape by kind in the row's lane; a refusal also says why
 * in its label L, if it has one */
static void mark(FILE *out, const struct scale *s, const struct tl_mark *m,
		 const struct label *l, double y)
{
	double x = xof(s, m->t), my = y + MARK_Y;

	fprintf(out, "<g class=\"mark %s\" data-dev=\"", tl_mark_name[m->kind]);
	esc(out, m->dev);
	fprintf(out, "\" data-t=\"%.6f\" data-value=\"%ld\" data-text=\"", m->t, m->value);
	esc(out, m->text);
	fprintf(out, "\"><title>");
	esc(out, m->dev);
	fprintf(out, " %.6f s: ", m->t);
	esc(out, m->text);
	fprintf(out, "</title>");
	switch (m->kind) {
	case TL_WAKE:
		/* hollow when the UDC refused the request */
		fprintf(out, "<path d=\"M%.2f %.1f l-5 -8 h10 z\" fill=\"%s\" stroke=\"%s\"/>",
			x, my + 4, m->value ? "none" : mark_fill[m->kind], mark_fill[m->kind]);
		break;
	case TL_DATA:
		fprintf(out, "<rect x=\"%.2f\" y=\"%.1f\" width=\"1.5\" height=\"10\" fill=\"%s\"/>",
			x - 0.75, my - 6, mark_fill[m->kind]);
		break;
	case TL_REFUSAL:
		fprintf(out, "<circle cx=\"%.2f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>", x, my,
			mark_fill[m->kind]);
		if (l->lane < 0)
			break;
		fprintf(out, "<text class=\"refusal-label\" x=\"%.2f\" y=\"%.0f\" font-size=\"%d\">",
			l->x, y + LABEL_Y + l->lane * LANE_H, LABEL_SIZE);
		esc(out, m->text);
		if (l->more)
			fprintf(out, " +%ld more", l->more);
		fprintf(out, "</text>");
		break;
	default:
		fprintf(out, "<path d=\"M%.2f %.1f l4 4 l-4 4 l-4 -4 z\" fill=\"%s\"/>", x, my - 4,
			mark_fill[m->kind]);
		fprintf(out, "<text x=\"%.2f\" y=\"%.1f\" font-size=\"8\">%ld</text>", x + 4,
			my + 3, m->value);
	}
	fprintf(out, "</g>\n");
}

/* ticks at 1, 2 or 5 times a power of ten, about ten of them */
static void axis(FILE *out, const struct scale *s, double y)
{
	double raw = s->span / 10, step = pow(10, floor(log10(raw))), t;

	if (raw / step >= 5)
		step *= 5;
	else if (raw / step >= 2)
		step *= 2;
	fprintf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"#000\"/>\n",
		LEFT, y, WIDTH - RIGHT, y);
	for (t = ceil(s->t0 / step) * step; t <= s->t0 + s->span + step * 1e-6; t += step) {
		double x = xof(s, t);

		fprintf(out, "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%.0f\" stroke=\"#e0e0e0\"/>",
			x, TOP - 4, x, y + 5);
		fprintf(out, "<text class=\"tick\" x=\"%.2f\" y=\"%.0f\" font-size=\"11\" "
			"text-anchor=\"middle\">%.*f</text>\n", x, y + 18, step < 1 ? 3 : 1, t);
	}
	fprintf(out, "<text x=\"%d\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">trace time (s)</text>\n",
		WIDTH - RIGHT, y + 34);
}

int timeline_svg(FILE *out, const struct timeline *tl, const char *title)
{
	struct scale s = { tl->t0, tl->t1 > tl->t0 ? tl->t1 - tl->t0 : 1e-3 };
	struct label *lab = calloc(tl->nmark + 1, sizeof(*lab));
	double y[TL_MAX_ROWS + 1] = { TOP }, bottom;
	const char *ep[TL_MAX_ROWS];
	long i;
	int r, lanes, neps = stream_eps(tl, ep, TL_MAX_ROWS);

	if (!lab)
		return -1;
	/* a row is as tall as its refusal labels need */
	for (r = 0; r < tl->nrows; r++) {
		lanes = lay_out_labels(&s, tl, tl->row[r].name, lab);
		y[r + 1] = y[r] + ROW_H + (lanes > 1 ? lanes - 1 : 0) * LANE_H;
	}
	bottom = y[tl->nrows] + neps * ROW_H;
	header(out, tl, title, (int)bottom + 52);
	axis(out, &s, bottom + 8);
	for (r = 0; r < tl->nrows; r++)
		row(out, &s, &tl->row[r], y[r]);
	for (r = 0; r < neps; r++)
		stream_row(out, &s, tl, ep[r], y[tl->nrows] + r * ROW_H);
	for (i = 0; i < tl->nmark; i++)
		for (r = 0; r < tl->nrows; r++)
			if (!strcmp(tl->mark[i].dev, tl->row[r].name))
				mark(out, &s, &tl->mark[i], &lab[i], y[r]);
	fprintf(out, "</svg>\n");
	free(lab);
	return ferror(out) ? -1 : 0;
}
