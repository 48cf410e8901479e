//! The solver worker as the app sees it. [`SolverProvider`] keeps one worker for the whole app
//! and restarts it when it dies; [`use_solver`] starts and cancels tasks on it.
//!
//! The worker side is yew-agent's (gloo-worker's) registrar, so messages travel in its
//! envelopes. The app side is our own rather than yew-agent's `WorkerProvider`, which can
//! neither see a worker die nor start one from a script file (it builds a `blob:` script,
//! which the CSP's `worker-src 'self'` refuses).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::{Rc, Weak};

use serde::{Deserialize, Serialize};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;
use yew_agent::Codec;

use crate::grade::WinnableProgress;
use crate::protocol::{Answer, Request, RequestId, Response, Task};
use crate::search::Progress;
use crate::worker::SolverCodec;

/// A worker that has not said it is loaded after this long is taken for dead.
const LOAD_LIMIT_MS: f64 = 20_000.0;
/// A worker with a task that has not said anything for this long is taken for dead: a busy
/// worker reports progress after every slice (25 ms).
const STALL_LIMIT_MS: f64 = 6_000.0;
/// How often a busy worker's silence is checked.
const WATCHDOG_PERIOD_MS: i32 = 1_000;
/// At most this many restarts within [`RESTART_WINDOW_MS`]; then the app gives up.
const MAX_RESTARTS: usize = 3;
const RESTART_WINDOW_MS: f64 = 60_000.0;
/// How long the notice of a restart stays on screen.
const NOTICE_MS: i32 = 15_000;
/// The worker's loader script when the page does not name one (scripts/postbuild.mjs does,
/// in `<meta name="deckhand-worker">`).
const DEFAULT_WORKER_URL: &str = "./worker-loader.js";

/// The agent's envelope to the worker: gloo-worker's `ToWorker` (private to it) in the same
/// serde shape, which the worker's registrar reads.
#[derive(Serialize, Deserialize)]
enum ToWorker {
    Connected(u32),
    ProcessInput(u32, Request),
    Disconnected(u32),
}

/// The envelope back (gloo-worker's `FromWorker`).
#[derive(Serialize, Deserialize)]
enum FromWorker {
    WorkerLoaded,
    ProcessOutput(u32, Response),
}

/// What the app tells the player about the worker.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Notice {
    Restarted,
    GaveUp,
}

impl Notice {
    fn text(self) -> &'static str {
        match self {
            Notice::Restarted => "The solver stopped and was restarted.",
            Notice::GaveUp => "The solver stopped and could not be restarted. Reload the page to try again.",
        }
    }
}

/// Where a client's answers go.
type OnResponse = Rc<dyn Fn(Response)>;
/// The watchdog's interval: its id and the closure the browser calls.
type Watchdog = Option<(i32, Closure<dyn Fn()>)>;

/// A running worker and its listeners.
struct Connection {
    worker: web_sys::Worker,
    /// Messages waiting for the worker's `WorkerLoaded`; `None` once it is loaded.
    queue: Option<Vec<JsValue>>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _on_error: Closure<dyn Fn(web_sys::Event)>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The app's link to the solver worker, shared by every `use_solver`.
struct SolverLink {
    url: String,
    me: Weak<SolverLink>,
    connection: RefCell<Option<Connection>>,
    /// Every `use_solver` caller by its handler id: where its answers go.
    clients: RefCell<BTreeMap<u32, OnResponse>>,
    next_client: Cell<u32>,
    /// Each client's request in flight, sent again to a restarted worker. A client has at
    /// most one: its newer `Start` supersedes its older (the worker runs each client's latest
    /// task, the most urgent first).
    in_flight: RefCell<BTreeMap<u32, Request>>,
    /// When the worker last said something, or (if later) when it was given work while idle.
    quiet_since: Cell<f64>,
    restarts: RefCell<Vec<f64>>,
    watchdog: RefCell<Watchdog>,
    on_notice: RefCell<Callback<Notice>>,
}

impl SolverLink {
    fn new(url: String) -> Rc<SolverLink> {
        Rc::new_cyclic(|me| SolverLink {
            url,
            me: me.clone(),
            connection: RefCell::new(None),
            clients: RefCell::new(BTreeMap::new()),
            next_client: Cell::new(0),
            in_flight: RefCell::new(BTreeMap::new()),
            quiet_since: Cell::new(0.0),
            restarts: RefCell::new(Vec::new()),
            watchdog: RefCell::new(None),
            on_notice: RefCell::new(Callback::noop()),
        })
    }

    fn connect(&self, on_response: OnResponse) -> u32 {
        let id = self.next_client.get();
        self.next_client.set(id + 1);
        self.clients.borrow_mut().insert(id, on_response);
        if self.connection.borrow().is_some() {
            self.post(&ToWorker::Connected(id));
        } else {
            self.spawn();
        }
        id
    }

    fn disconnect(&self, client: u32) {
        self.clients.borrow_mut().remove(&client);
        self.in_flight.borrow_mut().remove(&client);
        if self.connection.borrow().is_some() {
            self.post(&ToWorker::Disconnected(client));
        }
        self.update_watchdog();
    }

    fn send(&self, client: u32, request: Request) {
        if !self.clients.borrow().contains_key(&client) {
            return;
        }
        {
            let mut in_flight = self.in_flight.borrow_mut();
            match &request {
                Request::Start { .. } => {
                    if in_flight.is_empty() {
                        self.quiet_since.set(js_sys::Date::now());
                    }
                    in_flight.insert(client, request.clone());
                }
                Request::Cancel { id } if in_flight_id(&in_flight, client) == Some(*id) => {
                    in_flight.remove(&client);
                }
                _ => {}
            }
        }
        if self.connection.borrow().is_some() {
            self.post(&ToWorker::ProcessInput(client, request));
        } else {
            self.spawn();
        }
        self.update_watchdog();
    }

    fn is_busy(&self) -> bool {
        !self.in_flight.borrow().is_empty()
    }

    /// Posts `message`, or queues it until the worker is loaded.
    fn post(&self, message: &ToWorker) {
        let value = SolverCodec::encode(message);
        let mut connection = self.connection.borrow_mut();
        let Some(connection) = connection.as_mut() else { return };
        match connection.queue.as_mut() {
            Some(queue) => queue.push(value),
            // A closed worker drops messages silently; the watchdog notices the silence.
            None => {
                let _ = connection.worker.post_message(&value);
            }
        }
    }

    /// Starts a worker and tells it every client and the request in flight. A worker that
    /// cannot even be created counts as one that died.
    fn spawn(&self) {
        let options = web_sys::WorkerOptions::new();
        options.set_name("solver");
        let Ok(worker) = web_sys::Worker::new_with_options(&self.url, &options) else {
            self.died();
            return;
        };
        let me = self.me.clone();
        let on_message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                if let Some(link) = me.upgrade() {
                    link.received(event.data());
                }
            });
        let me = self.me.clone();
        // Also fired when the script cannot be loaded. (The closure may drop itself, through
        // `died`: wasm-bindgen frees a closure only once its last call returns.)
        let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |_: web_sys::Event| {
            if let Some(link) = me.upgrade() {
                link.died();
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        *self.connection.borrow_mut() = Some(Connection {
            worker,
            queue: Some(Vec::new()),
            _on_message: on_message,
            _on_error: on_error,
        });
        self.quiet_since.set(js_sys::Date::now());
        let clients: Vec<u32> = self.clients.borrow().keys().copied().collect();
        for client in clients {
            self.post(&ToWorker::Connected(client));
        }
        let in_flight = self.in_flight.borrow().clone();
        for (client, request) in in_flight {
            self.post(&ToWorker::ProcessInput(client, request));
        }
        self.update_watchdog();
    }

    fn received(&self, data: JsValue) {
        self.quiet_since.set(js_sys::Date::now());
        match SolverCodec::decode::<FromWorker>(data) {
            FromWorker::WorkerLoaded => {
                let queue =
                    self.connection.borrow_mut().as_mut().and_then(|connection| connection.queue.take());
                if let Some(connection) = self.connection.borrow().as_ref() {
                    for value in queue.unwrap_or_default() {
                        let _ = connection.worker.post_message(&value);
                    }
                }
            }
            FromWorker::ProcessOutput(client, response) => {
                let Some(on_response) = self.clients.borrow().get(&client).cloned() else { return };
                let ended = match response {
                    Response::Finished { id, .. } | Response::Cancelled { id } => Some(id),
                    Response::Progress { .. } | Response::Searching { .. } => None,
                };
                {
                    let mut in_flight = self.in_flight.borrow_mut();
                    if ended.is_some() && ended == in_flight_id(&in_flight, client) {
                        in_flight.remove(&client);
                    }
                }
                self.update_watchdog();
                on_response(response);
            }
        }
    }

    /// The watchdog's check: a worker silent for too long while it has work is dead.
    fn check(&self) {
        let loaded = self.connection.borrow().as_ref().is_some_and(|connection| connection.queue.is_none());
        let limit = if loaded { STALL_LIMIT_MS } else { LOAD_LIMIT_MS };
        if self.is_busy() && js_sys::Date::now() - self.quiet_since.get() > limit {
            self.died();
        }
    }

    /// The worker died (an uncaught error, a failed load, or silence): start another and send
    /// it the requests in flight, unless it died too often lately; then answer those requests
    /// with the news instead.
    fn died(&self) {
        drop(self.connection.borrow_mut().take());
        let now = js_sys::Date::now();
        let give_up = {
            let mut restarts = self.restarts.borrow_mut();
            restarts.retain(|&at| now - at < RESTART_WINDOW_MS);
            restarts.push(now);
            restarts.len() > MAX_RESTARTS
        };
        let on_notice = self.on_notice.borrow().clone();
        if !give_up {
            self.spawn();
            on_notice.emit(Notice::Restarted);
            return;
        }
        let stranded = std::mem::take(&mut *self.in_flight.borrow_mut());
        self.update_watchdog();
        on_notice.emit(Notice::GaveUp);
        for (client, request) in stranded {
            let Request::Start { id, .. } = request else { continue };
            let on_response = self.clients.borrow().get(&client).cloned();
            if let Some(on_response) = on_response {
                let answer = Answer::InvalidInput(Notice::GaveUp.text().to_string());
                on_response(Response::Finished { id, answer });
            }
        }
    }

    /// Runs the watchdog while some request is in flight, and only then.
    fn update_watchdog(&self) {
        let busy = self.is_busy();
        let mut watchdog = self.watchdog.borrow_mut();
        let Some(window) = web_sys::window() else { return };
        match (busy, watchdog.is_some()) {
            (true, false) => {
                let me = self.me.clone();
                let tick = Closure::<dyn Fn()>::new(move || {
                    if let Some(link) = me.upgrade() {
                        link.check();
                    }
                });
                if let Ok(handle) = window.set_interval_with_callback_and_timeout_and_arguments_0(
                    tick.as_ref().unchecked_ref(),
                    WATCHDOG_PERIOD_MS,
                ) {
                    *watchdog = Some((handle, tick));
                }
            }
            (false, true) => {
                if let Some((handle, _tick)) = watchdog.take() {
                    window.clear_interval_with_handle(handle);
                }
            }
            _ => {}
        }
    }
}

/// The id of the request in flight, if it is `client`'s.
fn in_flight_id(in_flight: &BTreeMap<u32, Request>, client: u32) -> Option<RequestId> {
    match in_flight.get(&client) {
        Some(Request::Start { id, .. }) => Some(*id),
        _ => None,
    }
}

/// The worker link as a context value (compared by identity).
#[derive(Clone)]
struct SolverContext(Rc<SolverLink>);

impl PartialEq for SolverContext {
    fn eq(&self, other: &SolverContext) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// The worker's loader script, as the page names it.
fn worker_url() -> String {
    web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.query_selector(r#"meta[name="deckhand-worker"]"#).ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| DEFAULT_WORKER_URL.to_string())
}

#[derive(Properties, PartialEq)]
pub struct SolverProviderProps {
    #[prop_or_default]
    pub children: Html,
}

/// Gives everything inside it one solver worker, started when first needed. When the worker
/// dies it is restarted, the requests in flight are sent again, and a notice says so.
#[component]
pub fn SolverProvider(props: &SolverProviderProps) -> Html {
    let link = use_memo((), |_| SolverContext(SolverLink::new(worker_url())));
    // Each notice is counted, so that a second restart restarts the notice's timer.
    let notice = use_state(|| None::<(Notice, u32)>);
    {
        let notice = notice.clone();
        let count = notice.as_ref().map_or(0, |(_, count)| *count);
        *link.0.on_notice.borrow_mut() = Callback::from(move |said| notice.set(Some((said, count + 1))));
    }
    {
        let notice = notice.clone();
        use_effect_with(notice.as_ref().map(|(_, count)| *count), move |shown| {
            let window = web_sys::window();
            let clear = Closure::<dyn Fn()>::new(move || notice.set(None));
            let timer = match (shown, &window) {
                (Some(_), Some(window)) => window
                    .set_timeout_with_callback_and_timeout_and_arguments_0(
                        clear.as_ref().unchecked_ref(),
                        NOTICE_MS,
                    )
                    .ok(),
                _ => None,
            };
            move || {
                if let (Some(timer), Some(window)) = (timer, window) {
                    window.clear_timeout_with_handle(timer);
                }
                drop(clear);
            }
        });
    }
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_: MouseEvent| notice.set(None))
    };
    html! {
        <ContextProvider<SolverContext> context={(*link).clone()}>
            <div class="solver-notice" aria-live="polite">
                if let Some((said, _)) = *notice {
                    <span data-testid="solver-notice">{said.text()}</span>
                    <button class="solver-notice-dismiss" onclick={dismiss}>{"Dismiss"}</button>
                }
            </div>
            {props.children.clone()}
        </ContextProvider<SolverContext>>
    }
}

/// Where this component's latest request stands.
#[derive(Clone, Debug, PartialEq)]
pub enum SolverState {
    Idle,
    Working {
        id: RequestId,
        progress: Progress,
    },
    /// A search for a winnable deal, with how far it has got.
    Searching {
        id: RequestId,
        progress: WinnableProgress,
    },
    Done {
        id: RequestId,
        answer: Answer,
    },
    Cancelled {
        id: RequestId,
    },
}

/// A `use_solver` caller's place on the link; leaving it (unmounting) disconnects.
struct Registration {
    link: Rc<SolverLink>,
    client: u32,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.link.disconnect(self.client);
    }
}

/// Starts and cancels worker tasks; answers to older requests are ignored.
#[derive(Clone)]
pub struct SolverHandle {
    pub state: UseStateHandle<SolverState>,
    registration: Rc<Registration>,
    latest: Rc<Cell<RequestId>>,
}

impl PartialEq for SolverHandle {
    fn eq(&self, other: &SolverHandle) -> bool {
        *self.state == *other.state
    }
}

impl SolverHandle {
    /// Sends `task` to the worker, superseding this component's request in flight.
    pub fn start(&self, task: Task) {
        let id = self.latest.get() + 1;
        self.latest.set(id);
        self.state.set(SolverState::Working { id, progress: Progress::default() });
        self.send(Request::Start { id, task });
    }

    /// Stops the request in flight, if any. A progress report the worker sent before it saw
    /// the cancel may still arrive: `latest` moves past the stopped request, so that such a
    /// report does not bring the progress line back.
    pub fn cancel(&self) {
        if let SolverState::Working { id, .. } | SolverState::Searching { id, .. } = *self.state {
            self.send(Request::Cancel { id });
            self.latest.set(id + 1);
            self.state.set(SolverState::Cancelled { id });
        }
    }

    fn send(&self, request: Request) {
        self.registration.link.send(self.registration.client, request);
    }
}

/// A connection to the solver worker with the state of the latest request. Needs a
/// [`SolverProvider`] above it.
#[hook]
pub fn use_solver() -> SolverHandle {
    use_solver_reporting(true)
}

/// [`use_solver`] for background work whose progress is not shown: the state changes only
/// when a request starts and ends, so its progress reports do not redraw the page.
#[hook]
pub fn use_solver_quietly() -> SolverHandle {
    use_solver_reporting(false)
}

#[hook]
fn use_solver_reporting(progress_shown: bool) -> SolverHandle {
    let state = use_state(|| SolverState::Idle);
    let latest = use_mut_ref_cell();
    let link = use_context::<SolverContext>().expect("use_solver needs a SolverProvider above it");
    let registration = {
        let state = state.clone();
        let latest = latest.clone();
        use_memo(link, move |link| {
            let on_response = move |response: Response| {
                let current = latest.get();
                match response {
                    // A report of no progress says nothing that `start` did not: no redraw.
                    Response::Progress { id, progress }
                        if id == current && progress_shown && progress != Progress::default() =>
                    {
                        state.set(SolverState::Working { id, progress })
                    }
                    Response::Searching { id, progress } if id == current && progress_shown => {
                        state.set(SolverState::Searching { id, progress })
                    }
                    Response::Finished { id, answer } if id == current => {
                        state.set(SolverState::Done { id, answer })
                    }
                    Response::Cancelled { id } if id == current => state.set(SolverState::Cancelled { id }),
                    _ => {} // an answer to a request this component has since replaced or stopped
                }
            };
            let client = link.0.connect(Rc::new(on_response));
            Registration { link: link.0.clone(), client }
        })
    };
    SolverHandle { state, registration, latest }
}

#[hook]
fn use_mut_ref_cell() -> Rc<Cell<RequestId>> {
    (*use_memo((), |_| Rc::new(Cell::new(0)))).clone()
}
