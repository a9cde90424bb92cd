//! TLS from files, on rustls with ring: the server's certificate chain and private key
//! (`serve --tls-cert FILE --tls-key FILE`), and what a client trusts (Mozilla's roots,
//! compiled in, and the certificates of `--ca FILE`).

use rustls::pki_types::pem::{self, PemObject};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The longest certificate or key file read (a chain of a few certificates is a few KiB).
const MAX_FILE: u64 = 1024 * 1024;

/// Why a certificate or key could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// The file could not be read.
    #[error("{}: cannot read it: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is larger than any certificate or key.
    #[error("{}: {size} bytes is too large for a certificate or a key (at most {MAX_FILE})", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
    },
    /// The file holds no certificate, or one that is not PEM.
    #[error(
        "{}: {why}: give the certificates in PEM (blocks from -----BEGIN CERTIFICATE-----)",
        path.display()
    )]
    Certificate {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The file holds no private key, or one that is not PEM.
    #[error(
        "{}: {why}: give the private key in PEM (PKCS#8 -----BEGIN PRIVATE KEY-----, or RSA or EC)",
        path.display()
    )]
    Key {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The certificate and the key do not go together, or rustls refuses them.
    #[error("{} with {}: {why}", cert.display(), key.display())]
    Pair {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
        /// Why.
        why: String,
    },
}

fn read(path: &Path) -> Result<Vec<u8>, TlsError> {
    let fail = |source| TlsError::Read {
        path: path.to_path_buf(),
        source,
    };
    let size = std::fs::metadata(path).map_err(fail)?.len();
    if size > MAX_FILE {
        return Err(TlsError::TooLarge {
            path: path.to_path_buf(),
            size,
        });
    }
    std::fs::read(path).map_err(fail)
}

fn pem_why(e: &pem::Error) -> String {
    match e {
        pem::Error::NoItemsFound => "nothing of that kind in it".into(),
        e => format!("not PEM ({e})"),
    }
}

/// The certificates of a PEM file, in order (a server's chain: its own first).
pub fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let bytes = read(path)?;
    let certificate = |why: String| TlsError::Certificate {
        path: path.to_path_buf(),
        why,
    };
    let chain = CertificateDer::pem_slice_iter(&bytes)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| certificate(pem_why(&e)))?;
    if chain.is_empty() {
        return Err(certificate("no certificate in it".into()));
    }
    Ok(chain)
}

/// The private key of a PEM file (its first).
pub fn private_key(path: &Path) -> Result<PrivateKeyDer<'static>, TlsError> {
    let bytes = read(path)?;
    PrivateKeyDer::from_pem_slice(&bytes).map_err(|e| TlsError::Key {
        path: path.to_path_buf(),
        why: match e {
            pem::Error::NoItemsFound => "no private key in it".into(),
            e => pem_why(&e),
        },
    })
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The server's TLS configuration from its certificate chain and private key files
/// (HTTP/1.1 offered by ALPN).
pub fn server_config(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>, TlsError> {
    let chain = certificates(cert)?;
    let secret = private_key(key)?;
    let pair = |why: String| TlsError::Pair {
        cert: cert.to_path_buf(),
        key: key.to_path_buf(),
        why,
    };
    let mut config = rustls::ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| pair(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(chain, secret)
        .map_err(|e| match e {
            rustls::Error::InconsistentKeys(_) => pair(
                "the key is not the certificate's (the first certificate is the server's own)"
                    .into(),
            ),
            e => pair(e.to_string()),
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// What a client trusts: Mozilla's roots, and the certificates of a `--ca` file (a
/// self-signed server's own certificate, or the authority that signed it).
#[derive(Debug, Clone)]
pub struct Trust {
    config: Arc<rustls::ClientConfig>,
    ca: Option<PathBuf>,
}

impl Trust {
    /// Mozilla's roots, and the certificates of `ca` if given.
    pub fn new(ca: Option<&Path>) -> Result<Trust, TlsError> {
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(path) = ca {
            for cert in certificates(path)? {
                roots.add(cert).map_err(|e| TlsError::Certificate {
                    path: path.to_path_buf(),
                    why: format!("a certificate that cannot be trusted as a root ({e})"),
                })?;
            }
        }
        let config = rustls::ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Certificate {
                path: ca.map(Path::to_path_buf).unwrap_or_default(),
                why: e.to_string(),
            })?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Trust {
            config: Arc::new(config),
            ca: ca.map(Path::to_path_buf),
        })
    }

    /// Mozilla's roots only.
    pub fn public() -> Trust {
        Trust::new(None).expect("the compiled-in roots and ring's protocol versions are valid")
    }

    /// The client configuration.
    pub fn config(&self) -> Arc<rustls::ClientConfig> {
        self.config.clone()
    }

    /// The `--ca` file trusted besides the public roots, if any.
    pub fn ca(&self) -> Option<&Path> {
        self.ca.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("tabula-tls-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_missing_file_is_named() {
        let path = std::env::temp_dir().join("tabula-tls-no-such-file.pem");
        let e = certificates(&path).unwrap_err().to_string();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        assert!(e.contains("cannot read it"), "{e}");
    }

    #[test]
    fn a_file_without_certificates_is_named() {
        let path = temp("empty.pem", "hello\n");
        let e = certificates(&path).unwrap_err().to_string();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        assert!(e.contains("no certificate in it"), "{e}");
        let e = private_key(&path).unwrap_err().to_string();
        assert!(e.contains("no private key in it"), "{e}");
    }

    #[test]
    fn a_broken_pem_block_is_named() {
        let path = temp(
            "broken.pem",
            "-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----\n",
        );
        let e = certificates(&path).unwrap_err().to_string();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
        assert!(e.contains("not PEM"), "{e}");
    }

    #[test]
    fn the_public_roots_are_there() {
        assert!(Trust::public().ca().is_none());
    }
}
