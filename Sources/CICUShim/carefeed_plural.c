#include "carefeed_plural.h"

#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

carefeed_plural_rules *carefeed_plural_rules_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) {
        return NULL;
    }
    return (carefeed_plural_rules *) rules;
}

int carefeed_plural_rules_select(const carefeed_plural_rules *rules, double number, char *category, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar keyword[16];
    int32_t length = uplrules_select((const UPluralRules *) rules, number, keyword, 16, &status);
    if (U_FAILURE(status) || length >= capacity) {
        return -1;
    }
    u_austrncpy(category, keyword, length);
    category[length] = '\0';
    return length;
}

void carefeed_plural_rules_close(carefeed_plural_rules *rules) {
    uplrules_close((UPluralRules *) rules);
}
