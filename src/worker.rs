//! The web worker: feeds `protocol::Request`s to the engine's [`Dispatcher`] and runs the
//! current job in time slices scheduled with `setTimeout(0)`, so messages from the app (a
//! cancel, a newer request) are handled between two slices.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew_agent::prelude::*;
use yew_agent::worker::{HandlerId, Worker, WorkerScope};
use yew_agent::Codec;

use crate::protocol::{Dispatcher, Request, Response};

/// How long one slice may run before the worker looks at its mailbox again.
const SLICE_MS: f64 = 25.0;

/// The solver worker.
pub struct SolverWorker {
    dispatcher: Dispatcher,
    /// The bridge that sent the request in flight: answers go back to it.
    requester: Option<HandlerId>,
    slice_scheduled: bool,
}

/// The worker's note to itself: run the next slice.
pub struct RunSlice;

impl SolverWorker {
    fn schedule_slice(&mut self, scope: &WorkerScope<Self>) {
        if self.slice_scheduled || !self.dispatcher.is_busy() {
            return;
        }
        self.slice_scheduled = true;
        let scope = scope.clone();
        let callback = Closure::once_into_js(move || scope.send_message(RunSlice));
        let global: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
        // A macrotask, unlike `send_message` alone (a microtask), lets queued messages in first.
        global
            .set_timeout_with_callback(callback.unchecked_ref())
            .expect("setTimeout is available in workers");
    }

    fn respond_all(&self, scope: &WorkerScope<Self>, responses: Vec<Response>) {
        if let Some(id) = self.requester {
            for response in responses {
                scope.respond(id, response);
            }
        }
    }
}

impl Worker for SolverWorker {
    type Message = RunSlice;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SolverWorker { dispatcher: Dispatcher::new(), requester: None, slice_scheduled: false }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, _msg: RunSlice) {
        self.slice_scheduled = false;
        let start = js_sys::Date::now();
        let responses = self.dispatcher.run_slice(SLICE_MS, &|| js_sys::Date::now() - start);
        self.respond_all(scope, responses);
        self.schedule_slice(scope);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
        // The app holds one bridge; answers, including a superseded request's `Cancelled`,
        // go to whoever asked last.
        self.requester = Some(id);
        let responses = self.dispatcher.receive(request);
        self.respond_all(scope, responses);
        self.schedule_slice(scope);
    }
}

/// Messages cross the worker boundary as JSON text: every protocol type's own serde form
/// (Pyramid moves are `"draw"` or card lists), which bincode cannot read back.
pub struct JsonCodec;

impl Codec for JsonCodec {
    fn encode<I: serde::Serialize>(input: I) -> wasm_bindgen::JsValue {
        let text = serde_json::to_string(&input).expect("protocol messages serialize to JSON");
        wasm_bindgen::JsValue::from_str(&text)
    }

    fn decode<O: for<'de> serde::Deserialize<'de>>(input: wasm_bindgen::JsValue) -> O {
        let text = input.as_string().expect("protocol messages arrive as JSON text");
        serde_json::from_str(&text).expect("protocol messages are read by the same build that wrote them")
    }
}

/// Registers the worker (called from the worker binary's `main`).
pub fn register() {
    SolverWorker::registrar().encoding::<JsonCodec>().register();
}
