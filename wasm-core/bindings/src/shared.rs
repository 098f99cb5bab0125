//! What both classes and the free functions use to cross the boundary: errors become
//! `JsError`s, structured data JSON text, numbers from JavaScript whole counts.

use cachesim::SimError;
use serde::Serialize;
use wasm_bindgen::JsError;

pub fn js_err(e: SimError) -> JsError {
    JsError::new(&e.to_string())
}

pub fn json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// A count or position from JavaScript: NaN, infinities and negatives are 0.
pub fn whole(n: f64) -> u64 {
    if n.is_finite() && n > 0.0 {
        n as u64
    } else {
        0
    }
}
