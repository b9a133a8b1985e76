//! The commands a connection shared by many callers refuses, each with what to use
//! instead: the one list of them. The connections read it at run time
//! ([`placement`](super::placement)); the build script includes this file as it is and
//! writes each reason into the docs of the command's builder, so a builder the client
//! will refuse says so where it is offered. Self-contained for that reason: no imports.

const PUBSUB: &str = "Pub/Sub commands need a connection of their own: \
                      use Client::subscriber (or ClusterClient::subscriber)";
const TRANSACTION: &str = "transactions go through the client's own API: Client::multi \
                           sends MULTI/EXEC as one unit, Client::transaction WATCHes keys \
                           (ClusterClient::transaction in a cluster)";
const CONNECTION: &str = "this command changes the connection for every caller sharing it";
const HANDSHAKE: &str = "this command changes the connection for every caller sharing it: \
                         the client sends HELLO itself when it connects (Client::server \
                         holds the server's answer)";
const IN_CONFIG: &str = "this command changes the connection for every caller sharing it: \
                         set the database or the credentials in the Config (or the URL) instead";
const CLUSTER_STATE: &str = "this command changes the connection for every caller sharing it: \
                             the cluster client sends it itself where needed";
pub(crate) const CLIENT_REPLY: &str =
    "CLIENT REPLY would leave other callers without their replies";

/// Every command a shared (or pooled) connection refuses, by name, with the reason.
pub(crate) const REFUSED: &[(&str, &str)] = &[
    ("SUBSCRIBE", PUBSUB),
    ("PSUBSCRIBE", PUBSUB),
    ("SSUBSCRIBE", PUBSUB),
    ("UNSUBSCRIBE", PUBSUB),
    ("PUNSUBSCRIBE", PUBSUB),
    ("SUNSUBSCRIBE", PUBSUB),
    ("MULTI", TRANSACTION),
    ("EXEC", TRANSACTION),
    ("DISCARD", TRANSACTION),
    ("WATCH", TRANSACTION),
    ("UNWATCH", TRANSACTION),
    ("MONITOR", CONNECTION),
    ("RESET", CONNECTION),
    ("HELLO", HANDSHAKE),
    ("QUIT", CONNECTION),
    // Also lost at the next reconnect, or outliving a transaction in the pool.
    ("SELECT", IN_CONFIG),
    ("AUTH", IN_CONFIG),
    ("READONLY", CLUSTER_STATE),
    ("READWRITE", CLUSTER_STATE),
    ("ASKING", CLUSTER_STATE),
    ("CLIENT REPLY", CLIENT_REPLY),
];
