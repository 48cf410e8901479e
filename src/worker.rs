//! The web worker: feeds `protocol::Request`s to the engine's [`Scheduler`] (one job per
//! client: a table's position check, its grading, a search for a deal) and runs the most
//! urgent job in time slices scheduled with `setTimeout(0)`, so messages from the app (a
//! cancel, a newer request) are handled between two slices.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew_agent::prelude::*;
use yew_agent::worker::{HandlerId, Worker, WorkerScope};
use yew_agent::Codec;

use crate::limits::check_length;
use crate::protocol::{Priority, Request, Response, Scheduler, MAX_MESSAGE_LEN};

/// How long one slice may run before the worker looks at its mailbox again.
const SLICE_MS: f64 = 25.0;
/// A background slice (grading a deal) is shorter, so that a request the player waits for
/// starts sooner.
const BACKGROUND_SLICE_MS: f64 = 5.0;

/// The solver worker.
pub struct SolverWorker {
    scheduler: Scheduler<HandlerId>,
    slice_scheduled: bool,
}

/// The worker's note to itself: run the next slice.
pub struct RunSlice;

impl SolverWorker {
    fn schedule_slice(&mut self, scope: &WorkerScope<Self>) {
        if self.slice_scheduled || !self.scheduler.is_busy() {
            return;
        }
        self.slice_scheduled = true;
        let timer_scope = scope.clone();
        let callback = Closure::once_into_js(move || timer_scope.send_message(RunSlice));
        let global: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
        // A macrotask, unlike `send_message` alone (a microtask), lets queued messages in first.
        if global.set_timeout_with_callback(callback.unchecked_ref()).is_err() {
            // No timer (never seen in a worker): run the slice anyway rather than stall.
            scope.send_message(RunSlice);
        }
    }

    fn respond_all(scope: &WorkerScope<Self>, client: HandlerId, responses: Vec<Response>) {
        for response in responses {
            scope.respond(client, response);
        }
    }
}

impl Worker for SolverWorker {
    type Message = RunSlice;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SolverWorker { scheduler: Scheduler::new(), slice_scheduled: false }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, _msg: RunSlice) {
        self.slice_scheduled = false;
        let start = js_sys::Date::now();
        let slice_ms = match self.scheduler.next_priority() {
            Some(Priority::Background) => BACKGROUND_SLICE_MS,
            _ => SLICE_MS,
        };
        if let Some((client, responses)) = self.scheduler.run_slice(slice_ms, &|| js_sys::Date::now() - start)
        {
            Self::respond_all(scope, client, responses);
        }
        self.schedule_slice(scope);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
        let responses = self.scheduler.receive(id, request);
        Self::respond_all(scope, id, responses);
        self.schedule_slice(scope);
    }

    fn disconnected(&mut self, _scope: &WorkerScope<Self>, id: HandlerId) {
        self.scheduler.forget(id);
    }
}

/// Messages cross the worker boundary as JSON text: every protocol type's own serde form
/// (Pyramid moves are `"draw"` or card lists), which bincode cannot read back. JSON text was
/// measured against JS values made by `serde-wasm-bindgen` ([`ValueCodec`]) and kept, being
/// the faster (docs/BENCHMARKS.md, "Worker messages").
///
/// Neither direction can panic: a message that cannot be read is repaired ([`repair`]), and
/// one that cannot be written is sent as `null`, which the other side repairs.
pub struct JsonCodec;

impl Codec for JsonCodec {
    fn encode<I: serde::Serialize>(input: I) -> JsValue {
        match serde_json::to_string(&input) {
            Ok(text) => JsValue::from_str(&text),
            Err(_) => JsValue::NULL,
        }
    }

    fn decode<O: for<'de> serde::Deserialize<'de>>(input: JsValue) -> O {
        let Some(text) = input.as_string() else {
            return repair(serde_json::Value::Null, &"the message is not JSON text");
        };
        if let Err(too_long) = check_length(&text, MAX_MESSAGE_LEN, "worker message") {
            return repair(serde_json::Value::Null, &too_long);
        }
        serde_json::from_str(&text).unwrap_or_else(|error| {
            repair(serde_json::from_str(&text).unwrap_or(serde_json::Value::Null), &error)
        })
    }
}

/// Messages as JS values made and read by `serde-wasm-bindgen` (structured clone, no text),
/// measured against [`JsonCodec`]; kept for the measurement in tests/wasm.rs.
pub struct ValueCodec;

impl Codec for ValueCodec {
    fn encode<I: serde::Serialize>(input: I) -> JsValue {
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        input.serialize(&serializer).unwrap_or(JsValue::NULL)
    }

    fn decode<O: for<'de> serde::Deserialize<'de>>(input: JsValue) -> O {
        serde_wasm_bindgen::from_value(input.clone()).unwrap_or_else(|error| {
            repair(serde_wasm_bindgen::from_value(input).unwrap_or(serde_json::Value::Null), &error)
        })
    }
}

/// The message to act on in place of `message`, which could not be read as an `O` (`error`
/// says why). The agent's envelopes are `{"ProcessInput": [handler, request]}` to the worker
/// and `{"ProcessOutput": [handler, response]}` back: a damaged request or response inside a
/// readable envelope becomes [`Request::unreadable`] / [`Response::unreadable`] for the same
/// handler, so it is answered. An envelope that cannot be read names no one to answer, and
/// becomes a message with no effect (a disconnection of no handler for the worker, a second
/// "worker loaded" for the app). Only a type that is neither side's envelope could end in a
/// thrown JS exception (never a Rust panic).
pub fn repair<O: for<'de> serde::Deserialize<'de>>(
    message: serde_json::Value,
    error: &dyn std::fmt::Display,
) -> O {
    let inner = |key: &str| match message.get(key)?.as_array()?.as_slice() {
        [handler, inner] => Some((handler.clone(), inner)),
        _ => None,
    };
    let mut candidates = Vec::new();
    if let Some((handler, request)) = inner("ProcessInput") {
        let request = serde_json::to_value(Request::unreadable(request, error)).unwrap_or_default();
        candidates.push(serde_json::json!({ "ProcessInput": [handler, request] }));
    }
    if let Some((handler, response)) = inner("ProcessOutput") {
        let response = serde_json::to_value(Response::unreadable(response, error)).unwrap_or_default();
        candidates.push(serde_json::json!({ "ProcessOutput": [handler, response] }));
    }
    candidates.push(serde_json::json!({ "Disconnected": u32::MAX }));
    candidates.push(serde_json::json!("WorkerLoaded"));
    for candidate in candidates {
        if let Ok(repaired) = serde_json::from_value(candidate) {
            return repaired;
        }
    }
    wasm_bindgen::throw_str(&format!(
        "unreadable worker message: {}",
        crate::limits::shorten(&error.to_string(), 200)
    ))
}

/// The codec both sides of the worker boundary use: the worker's registrar ([`register`]) and
/// the app's link to it (`ui::hooks::SolverProvider`).
pub type SolverCodec = JsonCodec;

/// Registers the worker (called from the worker binary's `main`).
pub fn register() {
    SolverWorker::registrar().encoding::<SolverCodec>().register();
}
