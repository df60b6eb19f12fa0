#ifndef CAREFEED_PLURAL_H
#define CAREFEED_PLURAL_H

/* CLDR plural rules from ICU. Swift cannot call ICU directly: its functions
   carry the library's version in their names (uplrules_select_72), set by
   macros Swift does not import, and its headers clash with the copy of ICU
   inside Foundation. These wrappers have plain names and plain C types. */

typedef struct carefeed_plural_rules carefeed_plural_rules;

/* The cardinal rules of a locale such as "de-DE", or NULL when ICU has none. */
carefeed_plural_rules *carefeed_plural_rules_open(const char *locale);

/* The CLDR category of `number` ("zero", "one", "two", "few", "many" or
   "other") written into `category`, NUL-terminated; its length, or -1. */
int carefeed_plural_rules_select(const carefeed_plural_rules *rules, double number, char *category, int capacity);

void carefeed_plural_rules_close(carefeed_plural_rules *rules);

#endif
