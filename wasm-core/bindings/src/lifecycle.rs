//! The lifecycle both wasm classes share: the same JavaScript names over the same `Run`
//! methods. wasm-bindgen cannot export a trait impl, so `lifecycle!` writes one more
//! `#[wasm_bindgen] impl` block for each class; `now_ns` says where that class keeps its clock,
//! `counters` which of its own whole-number getters cross as JavaScript numbers (`jsName => rust_name`).
//! The cursor, events and seek come from the engine's one [`cachesim::Replayed`] face.

macro_rules! lifecycle {
    (
        $class:ident,
        now_ns: |$run:ident| $now_ns:expr,
        counters: { $($js:ident => $count:ident),* $(,)? }
    ) => {
        #[wasm_bindgen]
        impl $class {
            $(
                #[wasm_bindgen(js_name = $js)]
                pub fn $count(&self) -> f64 {
                    self.run.$count() as f64
                }
            )*

            /// The scenario as the engine read it (defaults filled in), as JSON.
            #[wasm_bindgen(js_name = scenarioJson)]
            pub fn scenario_json(&self) -> String {
                self.run.scenario.to_json()
            }

            /// Whether steps record their events (for the animation and `eventsJson`).
            #[wasm_bindgen(js_name = setRecordEvents)]
            pub fn set_record_events(&mut self, on: bool) {
                ::cachesim::Replayed::set_record(&mut self.run, on);
            }

            /// Take no more snapshots: for a run that only goes forward (a sweep's point).
            #[wasm_bindgen(js_name = forwardOnly)]
            pub fn forward_only(&mut self) {
                ::cachesim::Replayed::forward_only(&mut self.run);
            }

            /// Step to the end; returns how many positions that took. A model error that
            /// stopped the run throws, with its message, as `step` does: a caller that runs to
            /// the end and reads the report (the headless runner, a sweep's point) must not
            /// take a run the model gave up on for a whole one.
            #[wasm_bindgen(js_name = runToEnd)]
            pub fn run_to_end(&mut self) -> Result<f64, ::wasm_bindgen::JsError> {
                let n = ::cachesim::Replayed::run_to_end(&mut self.run) as f64;
                match ::cachesim::Replayed::fault(&self.run) {
                    Some(e) => Err($crate::shared::js_err(e.clone())),
                    None => Ok(n),
                }
            }

            /// Go to an exact position, replaying from a snapshot.
            pub fn seek(&mut self, position: f64) {
                ::cachesim::Replayed::seek(&mut self.run, $crate::shared::whole(position));
            }

            pub fn reset(&mut self) {
                ::cachesim::Replayed::reset(&mut self.run);
            }

            pub fn position(&self) -> f64 {
                ::cachesim::Replayed::position(&self.run) as f64
            }

            pub fn done(&self) -> bool {
                self.run.done()
            }

            /// Simulated time, seconds.
            #[wasm_bindgen(js_name = nowSeconds)]
            pub fn now_seconds(&self) -> f64 {
                let $run = &self.run;
                $now_ns as f64 / 1e9
            }

            /// The events of the last step call, as a JSON array.
            #[wasm_bindgen(js_name = eventsJson)]
            pub fn events_json(&self) -> String {
                $crate::shared::json(::cachesim::Replayed::events(&self.run))
            }

            #[wasm_bindgen(js_name = reportJson)]
            pub fn report_json(&self) -> String {
                $crate::shared::json(&self.run.report())
            }

            /// The paper's figures beside the simulator's, or `null` for a scenario with none.
            #[wasm_bindgen(js_name = paperJson)]
            pub fn paper_json(&self) -> String {
                $crate::shared::json(&self.run.paper())
            }
        }
    };
}
