  tables
})

if (sys.nframe() == 0) {
  for (name in names(carefeed)) {
    cat(sprintf("%s: %d rows, %d columns\n", name, nrow(carefeed[[name]]), ncol(carefeed[[name]])))
  }
}

