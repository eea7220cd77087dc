//! Typed tag values: dates, time controls, ratings, variants (work in progress).
