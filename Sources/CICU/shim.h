#include <unicode/upluralrules.h>
