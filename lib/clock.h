/* SPDX-License-Identifier: GPL-2.0 */
/* The one clock of the lab: CLOCK_MONOTONIC, which the trace uses too. */
#ifndef AUTOPM_LAB_CLOCK_H
#define AUTOPM_LAB_CLOCK_H

long long now_ms(void);
double now_us(void);
/* Sleep until now_ms() reaches T (at once if it has). */
void sleep_until_ms(long long t);

#endif
