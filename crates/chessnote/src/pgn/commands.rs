//! Comment commands: `[%clk]`, `[%emt]`, `[%eval]`, `[%csl]`, `[%cal]` (work in progress).
