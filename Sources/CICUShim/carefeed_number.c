#include "carefeed_number.h"

#include <stdlib.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

int carefeed_number_parse(const char *locale, int grouping, const char *text, int length, char *decimal, int capacity) {
    if (length <= 0 || capacity <= 0) {
        return -1;
    }
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, text, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) {
        return -1;
    }
    UChar *buffer = malloc(sizeof(UChar) * (size_t) (units + 1));
    if (buffer == NULL) {
        return -1;
    }
    status = U_ZERO_ERROR;
    u_strFromUTF8(buffer, units + 1, NULL, text, length, &status);
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    int result = -1;
    if (U_SUCCESS(status)) {
        /* Strict: grouping where the locale groups, no "1e5", no leniency. */
        unum_setAttribute(format, UNUM_LENIENT_PARSE, 0);
        unum_setAttribute(format, UNUM_PARSE_NO_EXPONENT, 1);
        unum_setAttribute(format, UNUM_GROUPING_USED, grouping);
        int32_t position = 0;
        int32_t written = unum_parseDecimal(format, buffer, units, &position, decimal, capacity, &status);
        /* ICU stops at the first character it cannot read and says nothing: all of it must be read. */
        if (U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING && position == units && written < capacity) {
            result = written;
        }
        unum_close(format);
    }
    free(buffer);
    return result;
}
