//! Accepting connections: the open-file limit raised at start, a count of connections in
//! all and per address with a clear refusal past either cap (HTTP 503 or 429 and why), and
//! hyper's HTTP/1 with a deadline on each request's head, so that a connection that sends
//! no request, or stays idle after one, does not hold its socket for ever.

use super::Server;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// Where a connection comes from, as counted: an IPv4 address, or an IPv6 address's /64
/// (the block one subscriber is usually given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Origin(IpAddr);

impl Origin {
    /// The origin of `ip`.
    pub(crate) fn of(ip: IpAddr) -> Origin {
        match ip {
            IpAddr::V4(_) => Origin(ip),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Origin(IpAddr::V4(v4)),
                None => {
                    let bits = u128::from(v6) & !((1u128 << 64) - 1);
                    Origin(IpAddr::V6(bits.into()))
                }
            },
        }
    }
}

/// The connections open now, in all and per origin.
#[derive(Debug, Default)]
pub(crate) struct Gate {
    total: AtomicUsize,
    per: Mutex<HashMap<Origin, usize>>,
    refusing: AtomicUsize,
}

/// A connection's place at the gate, given back when it is dropped (with its socket).
#[derive(Debug)]
pub(crate) struct Admitted {
    gate: Arc<Gate>,
    origin: Origin,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.gate.total.fetch_sub(1, Ordering::Relaxed);
        let mut per = self.gate.per.lock().expect("not poisoned");
        if let Some(n) = per.get_mut(&self.origin) {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.origin);
            }
        }
    }
}

/// Why a connection was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refused {
    /// The server holds its most connections.
    Full(usize),
    /// This address holds its most.
    Address(usize),
}

impl Gate {
    /// Connections open now.
    pub(crate) fn open(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        most: usize,
        per_address: usize,
    ) -> Result<Admitted, Refused> {
        let origin = Origin::of(ip);
        let mut per = self.per.lock().expect("not poisoned");
        if self.total.load(Ordering::Relaxed) >= most {
            return Err(Refused::Full(most));
        }
        let n = per.entry(origin).or_insert(0);
        if *n >= per_address {
            return Err(Refused::Address(per_address));
        }
        *n += 1;
        self.total.fetch_add(1, Ordering::Relaxed);
        Ok(Admitted {
            gate: self.clone(),
            origin,
        })
    }
}

/// A socket that holds its place at the gate for as long as it lives, through the upgrade
/// to a WebSocket too.
struct Counted {
    stream: TcpStream,
    _place: Admitted,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Raises this process's limit on open files to its hard limit (a connection is a file),
/// and returns the limit now in force.
pub fn raise_open_files() -> std::io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// Refusals answered at once at most: past them, a connection over a cap is closed
/// without an answer, so that refusing costs little more than accepting.
const REFUSING: usize = 64;

/// Accepts connections until the server stops, each served on a task of its own.
pub(crate) async fn accept(listener: TcpListener, server: Arc<Server>, app: Router) {
    let limits = server.config.limits;
    let mut stopped = server.stopped.subscribe();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopped.wait_for(|s| *s) => return,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of files or memory for a moment: wait rather than spin.
                eprintln!("tabula-server: accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Small messages go out at once: without this, a move waits for the previous
        // packet's acknowledgement, which the receiver delays (tens of milliseconds).
        let _ = stream.set_nodelay(true);
        let place =
            match server
                .gate
                .admit(peer.ip(), limits.max_connections, limits.max_per_address)
            {
                Ok(place) => place,
                Err(why) => {
                    let gate = server.gate.clone();
                    if gate.refusing.fetch_add(1, Ordering::Relaxed) < REFUSING {
                        tokio::spawn(async move {
                            refuse(stream, why).await;
                            gate.refusing.fetch_sub(1, Ordering::Relaxed);
                        });
                    } else {
                        gate.refusing.fetch_sub(1, Ordering::Relaxed);
                    }
                    continue;
                }
            };
        let io = TokioIo::new(Counted {
            stream,
            _place: place,
        });
        let router = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            tower_service::Service::call(&mut router, request)
        });
        let mut stopped = server.stopped.subscribe();
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(limits.handshake)
                .max_buf_size(64 * 1024);
            let connection = http.serve_connection(io, service).with_upgrades();
            tokio::select! {
                _ = connection => {}
                _ = stopped.wait_for(|s| *s) => {}
            }
        });
    }
}

/// Answers a connection over a cap with why, then closes it.
async fn refuse(mut stream: TcpStream, why: Refused) {
    let (status, text) = match why {
        Refused::Full(n) => (
            "503 Service Unavailable",
            format!("this server holds its most connections ({n}); try again later\n"),
        ),
        Refused::Address(n) => (
            "429 Too Many Requests",
            format!("too many connections from your address (at most {n} at once)\n"),
        ),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Retry-After: 10\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
    // The request is read (a little of it, briefly) so that closing does not reset the
    // connection before the answer is read.
    let mut buf = [0u8; 2048];
    let _ = tokio::time::timeout(Duration::from_millis(200), async {
        use tokio::io::AsyncReadExt;
        stream.read(&mut buf).await
    })
    .await;
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

/// The address a request came from, as counted (unspecified when unknown).
pub(crate) fn peer_of(request: &axum::extract::Request) -> Origin {
    let ip = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
    Origin::of(ip)
}
