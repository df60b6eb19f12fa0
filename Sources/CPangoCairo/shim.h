#include <pango/pangocairo.h>
#include <cairo/cairo-pdf.h>
