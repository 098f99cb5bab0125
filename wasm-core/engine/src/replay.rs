//! One replay for every run (filled in below).
