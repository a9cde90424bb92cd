//! A small WebSocket client of the protocol, for the load tool, the tests and programs
//! that drive a table.

use crate::protocol::{ClientMessage, ServerMessage};
pub use crate::tls::Trust;
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{
    Connector, MaybeTlsStream, WebSocketStream, connect_async_tls_with_config,
    connect_async_with_config,
};

/// Why the client failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection could not be made or broke.
    #[error("{url}: {source}")]
    Socket {
        /// The address.
        url: String,
        /// Why.
        #[source]
        source: Box<tokio_tungstenite::tungstenite::Error>,
    },
    /// The server's certificate is not one this client trusts.
    #[error("{url}: the server's certificate is not trusted ({why}){hint}")]
    Untrusted {
        /// The address.
        url: String,
        /// What rustls found wrong with it.
        why: String,
        /// What to do about it, when that is known.
        hint: &'static str,
    },
    /// The server closed the connection.
    #[error("{0}: the server closed the connection")]
    Closed(String),
    /// Nothing came in time.
    #[error("{url}: no answer within {after:?}")]
    Timeout {
        /// The address.
        url: String,
        /// How long it waited.
        after: Duration,
    },
    /// The server sent something that is not a message of the protocol.
    #[error("{url}: not a message of the protocol: {why}")]
    Protocol {
        /// The address.
        url: String,
        /// Why.
        why: String,
    },
}

/// A failure to connect, a certificate the client does not trust said as such.
fn socket_error(url: &str, e: tokio_tungstenite::tungstenite::Error) -> ClientError {
    if let tokio_tungstenite::tungstenite::Error::Io(io) = &e
        && let Some(rustls::Error::InvalidCertificate(why)) = io
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<rustls::Error>())
    {
        let hint = match why {
            rustls::CertificateError::UnknownIssuer | rustls::CertificateError::BadSignature => {
                "; if the server uses a certificate of its own, trust it with --ca FILE"
            }
            rustls::CertificateError::NotValidForName
            | rustls::CertificateError::NotValidForNameContext { .. } => {
                "; it was made for another name: connect by a name it was made for"
            }
            rustls::CertificateError::Expired | rustls::CertificateError::ExpiredContext { .. } => {
                "; it has expired: the server needs a new one"
            }
            _ => "",
        };
        return ClientError::Untrusted {
            url: url.to_string(),
            why: why.to_string(),
            hint,
        };
    }
    ClientError::Socket {
        url: url.to_string(),
        source: Box::new(e),
    }
}

/// A connection to the server.
pub struct Client {
    url: String,
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to `ws://HOST:PORT/` (the lobby) or `ws://HOST:PORT/TABLE`, or the same
    /// with `wss://` trusting the public roots.
    pub async fn connect(url: &str) -> Result<Client, ClientError> {
        if url.starts_with("wss://") {
            return Client::connect_trusting(url, &Trust::public()).await;
        }
        let config = WebSocketConfig::default().read_buffer_size(crate::server::READ_BUFFER);
        let (ws, _) = connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|e| socket_error(url, e))?;
        Ok(Client {
            url: url.to_string(),
            ws,
        })
    }

    /// Connects to `ws://...` or `wss://...`, the server's certificate checked against
    /// `trust`.
    pub async fn connect_trusting(url: &str, trust: &Trust) -> Result<Client, ClientError> {
        let config = WebSocketConfig::default().read_buffer_size(crate::server::READ_BUFFER);
        let (ws, _) = connect_async_tls_with_config(
            url,
            Some(config),
            true,
            Some(Connector::Rustls(trust.config())),
        )
        .await
        .map_err(|e| socket_error(url, e))?;
        Ok(Client {
            url: url.to_string(),
            ws,
        })
    }

    /// Connects from a given local address (one of loopback's 127.x.y.z, for the load
    /// tool to play clients from many addresses); `url` names the server by its address.
    pub async fn connect_from(url: &str, local: std::net::IpAddr) -> Result<Client, ClientError> {
        let fail = |e: std::io::Error| ClientError::Socket {
            url: url.to_string(),
            source: Box::new(e.into()),
        };
        let server: std::net::SocketAddr = url
            .strip_prefix("ws://")
            .and_then(|rest| rest.split('/').next())
            .and_then(|host| host.parse().ok())
            .ok_or_else(|| ClientError::Protocol {
                url: url.to_string(),
                why: "give the server as ws://ADDRESS:PORT/...".into(),
            })?;
        let socket = match local {
            std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
            std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
        }
        .map_err(fail)?;
        socket.bind((local, 0).into()).map_err(fail)?;
        let stream = socket.connect(server).await.map_err(fail)?;
        let _ = stream.set_nodelay(true);
        let config = WebSocketConfig::default().read_buffer_size(crate::server::READ_BUFFER);
        let (ws, _) = tokio_tungstenite::client_async_with_config(
            url,
            MaybeTlsStream::Plain(stream),
            Some(config),
        )
        .await
        .map_err(|e| ClientError::Socket {
            url: url.to_string(),
            source: Box::new(e),
        })?;
        Ok(Client {
            url: url.to_string(),
            ws,
        })
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        let text = serde_json::to_string(message).expect("client messages serialise");
        self.send_text(&text).await
    }

    /// Sends any text (the tests send garbage this way).
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.send_raw(Message::Text(text.into())).await
    }

    /// Sends a binary frame (which the protocol does not use: the tests and the load
    /// tool's attacks send them).
    pub async fn send_binary(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        self.send_raw(Message::Binary(bytes.to_vec().into())).await
    }

    /// Sends a pong frame that answers no ping (the tests' flood of them).
    pub async fn send_pong(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        self.send_raw(Message::Pong(bytes.to_vec().into())).await
    }

    /// Sends one fragment of a text message: the first (`first`) or a continuation, the
    /// last one when `last` (the load tool's attacks send messages that never end).
    pub async fn send_fragment(
        &mut self,
        text: &str,
        first: bool,
        last: bool,
    ) -> Result<(), ClientError> {
        use tokio_tungstenite::tungstenite::protocol::frame::Frame;
        use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
        let kind = if first { Data::Text } else { Data::Continue };
        let frame = Frame::message(text.as_bytes().to_vec(), OpCode::Data(kind), last);
        self.send_raw(Message::Frame(frame)).await
    }

    async fn send_raw(&mut self, message: Message) -> Result<(), ClientError> {
        self.ws
            .send(message)
            .await
            .map_err(|e| ClientError::Socket {
                url: self.url.clone(),
                source: Box::new(e),
            })
    }

    /// The next message, waiting at most `timeout`.
    pub async fn recv(&mut self, timeout: Duration) -> Result<ServerMessage, ClientError> {
        let text = self.recv_text(timeout).await?;
        serde_json::from_str(&text).map_err(|e| ClientError::Protocol {
            url: self.url.clone(),
            why: format!("{e}: {text}"),
        })
    }

    /// The next message as the server wrote it, unread (for clients that look at a field
    /// or two of many messages).
    pub async fn recv_text(&mut self, timeout: Duration) -> Result<String, ClientError> {
        // One deadline for all the frames read meanwhile: the server's pings (answered
        // here as they are read) do not put it off.
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| ClientError::Timeout {
                    url: self.url.clone(),
                    after: timeout,
                })?;
            match next {
                None | Some(Ok(Message::Close(_))) => {
                    return Err(ClientError::Closed(self.url.clone()));
                }
                Some(Err(e)) => {
                    return Err(ClientError::Socket {
                        url: self.url.clone(),
                        source: Box::new(e),
                    });
                }
                Some(Ok(Message::Text(text))) => return Ok(text.as_str().to_string()),
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next text message, as the server wrote it and without a copy, waiting as long
    /// as it takes (for a caller that bounds its wait as a whole: a deadline on each message
    /// costs a timer each).
    pub async fn next_text(&mut self) -> Result<Utf8Bytes, ClientError> {
        loop {
            match self.ws.next().await {
                None | Some(Ok(Message::Close(_))) => {
                    return Err(ClientError::Closed(self.url.clone()));
                }
                Some(Err(e)) => {
                    return Err(ClientError::Socket {
                        url: self.url.clone(),
                        source: Box::new(e),
                    });
                }
                Some(Ok(Message::Text(text))) => return Ok(text),
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads messages until one satisfies `wanted`, which it returns; waits at most
    /// `timeout` in all.
    pub async fn recv_until(
        &mut self,
        timeout: Duration,
        mut wanted: impl FnMut(&ServerMessage) -> bool,
    ) -> Result<ServerMessage, ClientError> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let message = self.recv(left).await.map_err(|e| match e {
                ClientError::Timeout { url, .. } => ClientError::Timeout {
                    url,
                    after: timeout,
                },
                e => e,
            })?;
            if wanted(&message) {
                return Ok(message);
            }
        }
    }

    /// The socket under a `ws://` connection, for a reader of its own (the load test's
    /// audience); whatever the WebSocket library had read and not yet given is dropped.
    pub(crate) fn into_socket(self) -> Result<TcpStream, ClientError> {
        match self.ws.into_inner() {
            MaybeTlsStream::Plain(socket) => Ok(socket),
            _ => Err(ClientError::Protocol {
                url: self.url,
                why: "not a plain ws:// connection".into(),
            }),
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
