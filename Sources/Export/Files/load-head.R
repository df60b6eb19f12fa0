# Loads this CareFeed data package into base R, each table with its types:
#
#     source("load.R")     # then carefeed$kneeFunction, carefeed$participants, ...
#     Rscript load.R       # prints each table's size
#
# A value missing for a reason ("not shared", "prefer not to answer", ...)
# is NA in its column, the reason in <name>_missing beside it. A coded
# choice keeps its codes, with their words in <name>_label as a factor.
# Each time in UTC has <name>_local beside it, in the participant's own
# time zone. Nothing to install: base R reads it.
carefeed <- local({
  here <- local({
    file <- sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))
    sourced <- tryCatch(sys.frame(1)$ofile, error = function(e) NULL)
    if (length(file) == 1) dirname(file) else if (!is.null(sourced)) dirname(sourced) else "."
  })
  read <- function(path) {
    read.csv(file.path(here, path), colClasses = "character", na.strings = character(0), check.names = FALSE,
             fileEncoding = "UTF-8", encoding = "UTF-8")
  }
  reason <- function(x, codes) factor(ifelse(x %in% codes, x, NA_character_), levels = codes)
  value <- function(x, codes) { x[x %in% c(codes, "")] <- NA_character_; x }
  as_bool <- function(x) ifelse(is.na(x), NA, x == "true")
  as_time <- function(x) as.POSIXct(x, tz = "UTC", format = "%Y-%m-%dT%H:%M:%OSZ")
  # A text a spreadsheet would run as a formula is written with a ' before it: read back as it was given.
  text <- function(x) sub("^'([=+@\t\r-])", "\\1", x)
  zones <- character(0)
  local_time <- function(time, id) {
    vapply(seq_along(time), function(i) {
      if (is.na(time[i])) NA_character_
      else format(time[i], tz = if (is.na(zones[id[i]])) "UTC" else zones[[id[i]]], format = "%Y-%m-%d %H:%M:%S %z")
    }, "")
  }
  tables <- list()

