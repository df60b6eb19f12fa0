#ifndef CAREFEED_NUMBER_H
#define CAREFEED_NUMBER_H

/* What a person typed, read as a number by a locale's CLDR rules through
   ICU (unum_parseDecimal), for the same reason as carefeed_plural.h: ICU's
   names carry its version, which Swift cannot see. */

/* Reads the whole of `text` (UTF-8, `length` bytes) as a decimal number in
   `locale`'s digits and separators, any script's decimal digits included,
   with no exponent; with `grouping` 0, a grouping separator is refused. Writes the number as plain ASCII ("-75.325", "1000")
   into `decimal`, NUL-terminated, and returns its length; returns -1 when
   the text is not one number from its first character to its last, or the
   result does not fit `capacity`. */
int carefeed_number_parse(const char *locale, int grouping, const char *text, int length, char *decimal, int capacity);

#endif
