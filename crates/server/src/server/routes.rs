//! The HTTP side of the server: the routes, the audience's pages, the board as SVG, the
//! game as a scene file (of a closed table too, from the database), the list of tables a
//! page at a time, and the door to a WebSocket, which checks a browser's `Origin`.

use super::connection::connection;
use super::listen::{Forwarded, peer_of};
use super::{Config, SOCKET_READ, Server, Watching};
use crate::page;
use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// Tables in one page of `/api/tables` when the request does not say.
pub const PAGE: usize = 100;
/// The most tables in one page of `/api/tables`.
pub const MAX_PAGE: usize = 500;

/// The routes: `/` and `/TABLE` are pages, or WebSockets when asked to upgrade;
/// `/TABLE/board.svg` the board, `/TABLE/scene.ron` the game as a scene file, and
/// `/api/tables` the list as JSON (`?offset=&limit=`).
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(lobby))
        .route("/api/tables", get(api_tables))
        .route("/api/games", get(super::api::games))
        .route("/api/options", get(super::api::options))
        .route("/api/version", get(super::api::version))
        .route("/{table}/info.json", get(super::api::table_info))
        .route("/{table}", get(table_page))
        .route("/{table}/board.svg", get(board))
        .route("/{table}/scene.ron", get(scene))
        .with_state(server)
}

fn wants_upgrade(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Whether a page of `Origin` may open a WebSocket here: a request without one is not
/// from a browser's script; a browser's is let in from this server's own pages (the
/// origin of the `Host` it asked) and from the origins allowed (`--allow-origin`).
fn origin_allowed(config: &Config, headers: &HeaderMap) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin
        .to_str()
        .map_err(|_| "an Origin that is not text".to_string())?
        .trim_end_matches('/');
    if let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) {
        let own = ["http://", "https://"]
            .iter()
            .any(|scheme| origin.eq_ignore_ascii_case(&format!("{scheme}{host}")));
        if own {
            return Ok(());
        }
    }
    if config
        .allow_origins
        .iter()
        .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return Ok(());
    }
    Err(format!(
        "pages from {origin} may not connect to this server: only its own pages{} may",
        if config.allow_origins.is_empty() {
            String::new()
        } else {
            format!(" and those of {}", config.allow_origins.join(", "))
        }
    ))
}

async fn upgrade(server: Arc<Server>, request: Request, table: Option<&str>) -> Response {
    if let Err(why) = origin_allowed(&server.config, request.headers()) {
        return (StatusCode::FORBIDDEN, format!("{why}\n")).into_response();
    }
    let from = peer_of(&request);
    // A WebSocket a trusted proxy forwards counts against its client's address here: the
    // proxy's socket was counted in all only.
    let place = if request.extensions().get::<Forwarded>().is_some() {
        match server
            .gate
            .admit_forwarded(from.ip(), server.config.limits.max_per_address)
        {
            Ok(place) => Some(place),
            Err(why) => {
                let (code, text) = why.answer();
                let status = StatusCode::from_u16(code).unwrap_or(StatusCode::TOO_MANY_REQUESTS);
                return (status, text).into_response();
            }
        }
    } else {
        None
    };
    let (mut parts, _) = request.into_parts();
    match WebSocketUpgrade::from_request_parts(&mut parts, &server).await {
        Ok(ws) => {
            let watching = match table {
                Some(id) => match server.watch_anywhere(id).await {
                    Some(handle) => Some(Watching(handle)),
                    None => return no_table(id),
                },
                None => None,
            };
            let limits = server.config.limits;
            // A message is at most `max_message` bytes, whole or in fragments: the socket
            // buffers no more for a connection. Messages are small: a small read buffer,
            // which the socket library clears on every read (at its default of 128 KiB
            // that clearing was most of the work; see SOCKET_READ).
            ws.max_message_size(limits.max_message)
                .max_frame_size(limits.max_message)
                .read_buffer_size(SOCKET_READ)
                .on_upgrade(move |socket| async move {
                    let _place = place;
                    connection(server, socket, watching, from).await;
                })
        }
        Err(rejection) => rejection.into_response(),
    }
}

async fn lobby(State(server): State<Arc<Server>>, request: Request) -> Response {
    if wants_upgrade(request.headers()) {
        return upgrade(server, request, None).await;
    }
    Html(page::lobby()).into_response()
}

/// A page of the list: `offset` (0) and `limit` ([`PAGE`], at most [`MAX_PAGE`]).
#[derive(Debug, serde::Deserialize)]
pub(crate) struct Page {
    #[serde(default)]
    offset: usize,
    #[serde(default)]
    limit: Option<usize>,
}

impl Page {
    /// The offset and the limit, bounded.
    pub(crate) fn bounds(offset: usize, limit: Option<usize>) -> (usize, usize) {
        (offset, limit.unwrap_or(PAGE).clamp(1, MAX_PAGE))
    }
}

async fn api_tables(State(server): State<Arc<Server>>, Query(page): Query<Page>) -> Response {
    let (offset, limit) = Page::bounds(page.offset, page.limit);
    let (tables, total) = server.list(offset, limit).await;
    ([("x-total-count", total.to_string())], axum::Json(tables)).into_response()
}

fn no_table(id: &str) -> Response {
    (StatusCode::NOT_FOUND, Html(page::not_found(id))).into_response()
}

async fn table_page(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let Some(handle) = server.table_anywhere(&id).await else {
        if wants_upgrade(request.headers()) {
            return no_table(&id);
        }
        return match server.closed_table(&id).await {
            Some(table) => Html(page::closed(&id, table.game().kind().title())).into_response(),
            None => no_table(&id),
        };
    };
    if wants_upgrade(request.headers()) {
        return upgrade(server, request, Some(&id)).await;
    }
    let (title, colours) = {
        let table = handle.table.lock().await;
        let kind = table.game().kind();
        let colours: Vec<(String, String)> = table
            .seats()
            .iter()
            .map(|s| {
                let colour = crate::board::player_colour(kind, &s.player);
                (s.player.clone(), colour.to_string())
            })
            .collect();
        (kind.title().to_string(), colours)
    };
    Html(page::table(&id, &title, &colours)).into_response()
}

async fn board(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let svg = match server.table_anywhere(&id).await {
        Some(handle) => crate::board::board_svg(handle.table.lock().await.game()),
        None => match server.closed_table(&id).await {
            Some(table) => crate::board::board_svg(table.game()),
            None => return no_table(&id),
        },
    };
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response()
}

async fn scene(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let text = match server.table_anywhere(&id).await {
        Some(handle) => handle.table.lock().await.scene_text(),
        None => match server.closed_table(&id).await {
            Some(table) => table.scene_text(),
            None => return no_table(&id),
        },
    };
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tabula-{id}.ron\""),
            ),
        ],
        text,
    )
        .into_response()
}
