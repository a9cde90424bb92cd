//! The HTTP side of the server: the routes, the audience's pages, the board as SVG, the
//! game as a scene file, the list of tables, and the door to a WebSocket.

use super::connection::connection;
use super::{READ_BUFFER, Server, TableHandle};
use crate::page;
use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// The routes: `/` and `/TABLE` are pages, or WebSockets when asked to upgrade;
/// `/TABLE/board.svg` the board, `/TABLE/scene.ron` the game as a scene file, and
/// `/api/tables` the list as JSON.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(lobby))
        .route("/api/tables", get(api_tables))
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

async fn upgrade(
    server: Arc<Server>,
    request: Request,
    table: Option<Arc<TableHandle>>,
) -> Response {
    let (mut parts, _) = request.into_parts();
    match WebSocketUpgrade::from_request_parts(&mut parts, &server).await {
        Ok(ws) => {
            let limits = server.config.limits;
            // Messages are small: a small read buffer, which the socket library clears on
            // every read (at its default of 128 KiB that clearing was most of the work).
            ws.max_message_size(limits.max_frame)
                .max_frame_size(limits.max_frame)
                .read_buffer_size(READ_BUFFER)
                .on_upgrade(move |socket| connection(server, socket, table))
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

async fn api_tables(State(server): State<Arc<Server>>) -> Response {
    axum::Json(server.list().await).into_response()
}

fn no_table(id: &str) -> Response {
    (StatusCode::NOT_FOUND, Html(page::not_found(id))).into_response()
}

async fn table_page(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    request: Request,
) -> Response {
    let Some(handle) = server.table(&id).await else {
        return no_table(&id);
    };
    if wants_upgrade(request.headers()) {
        return upgrade(server, request, Some(handle)).await;
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
    let Some(handle) = server.table(&id).await else {
        return no_table(&id);
    };
    let svg = crate::board::board_svg(handle.table.lock().await.game());
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
    let Some(handle) = server.table(&id).await else {
        return no_table(&id);
    };
    let text = handle.table.lock().await.scene_text();
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
