//! The engine's integration tests, one test binary (issue 38 #2): each file below was its own
//! crate under `tests/`, and cargo linked the engine into each of twenty binaries and ran them
//! one after another, so a binary of a few heavy tests left the second core idle. As modules of
//! one binary they are compiled and linked once and run on every core together.
//!
//! Run one file's tests by its module name: `cargo test -p cachesim --test engine golden::`.

mod common;

mod advice;
mod advice_all;
mod defaults;
mod fuzz;
mod golden;
mod layers;
mod library;
mod limits;
mod mutations;
mod paths;
mod policies;
mod policies_small;
mod policy_scenarios;
mod pool_sample;
mod run;
mod sampling;
mod seed000;
mod seed001;
mod seed002;
mod seed003;
mod seed004;
