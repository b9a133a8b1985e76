//! Every public path of typedis before the folders became the layers (the item list of
//! the all-features rustdoc at that commit): each must still name its item, so that moving
//! files never breaks a user's `use`. Public items added since need not be listed.
//!
//! Over 500 lines: one `use` per public item, generated once from that list.

#![allow(unused_imports, deprecated)]

mod p0 {
    use typedis::Addr;
}
mod p1 {
    use typedis::Backoff;
}
mod p2 {
    use typedis::BoxError;
}
mod p3 {
    use typedis::Client;
}
mod p4 {
    use typedis::ClientStats;
}
mod p5 {
    use typedis::CloseReport;
}
mod p6 {
    use typedis::Closed;
}
mod p7 {
    use typedis::ClosedKind;
}
mod p8 {
    use typedis::ClusterError;
}
mod p9 {
    use typedis::ClusterErrorKind;
}
mod p10 {
    use typedis::Config;
}
mod p11 {
    use typedis::Credentials;
}
mod p12 {
    use typedis::CredentialsFuture;
}
mod p13 {
    use typedis::CredentialsProvider;
}
mod p14 {
    use typedis::DecodeOwned;
}
mod p15 {
    use typedis::Error;
}
mod p16 {
    use typedis::FailedCommand;
}
mod p17 {
    use typedis::FailedInTransaction;
}
mod p18 {
    use typedis::FromReplies;
}
mod p19 {
    use typedis::InvalidArgument;
}
mod p20 {
    use typedis::Invocation;
}
mod p21 {
    use typedis::Json;
}
mod p22 {
    use typedis::Message;
}
mod p23 {
    use typedis::MessageKind;
}
mod p24 {
    use typedis::Missed;
}
mod p25 {
    use typedis::Multi;
}
mod p26 {
    use typedis::Pipeline;
}
mod p27 {
    use typedis::Protocol;
}
mod p28 {
    use typedis::Pushes;
}
mod p29 {
    use typedis::ReadFrom;
}
mod p30 {
    use typedis::Redis;
}
mod p31 {
    use typedis::Refused;
}
mod p32 {
    use typedis::ReplyStream;
}
mod p33 {
    use typedis::RespRead;
}
mod p34 {
    use typedis::Scan;
}
mod p35 {
    use typedis::Script;
}
mod p36 {
    use typedis::ScriptRunner;
}
mod p37 {
    use typedis::SearchPages;
}
mod p38 {
    use typedis::ServerError;
}
mod p39 {
    use typedis::SpanLevel;
}
mod p40 {
    use typedis::Subscriber;
}
mod p41 {
    use typedis::Timed;
}
mod p42 {
    use typedis::TlsBackend;
}
mod p43 {
    use typedis::TlsOptions;
}
mod p44 {
    use typedis::Transaction;
}
mod p45 {
    use typedis::Unreachable;
}
mod p46 {
    use typedis::Value;
}
mod p47 {
    use typedis::aws_iam::AwsCredentials;
}
mod p48 {
    use typedis::aws_iam::IamProvider;
}
mod p49 {
    use typedis::aws_iam::IamTokenGenerator;
}
mod p50 {
    use typedis::cache::CacheConfig;
}
mod p51 {
    use typedis::cache::CacheStats;
}
mod p52 {
    use typedis::cache::Cached;
}
mod p53 {
    use typedis::cache::Tracking;
}
mod p54 {
    use typedis::cluster::ClusterClient;
}
mod p55 {
    use typedis::cluster::ClusterConfig;
}
mod p56 {
    use typedis::cluster::ClusterPipeline;
}
mod p57 {
    use typedis::cluster::ClusterStats;
}
mod p58 {
    use typedis::cluster::ClusterTransaction;
}
mod p59 {
    use typedis::cluster::ReadFrom;
}
mod p60 {
    use typedis::cluster::ShardedSubscriber;
}
mod p61 {
    use typedis::cmd::ArgWriter;
}
mod p62 {
    use typedis::cmd::Args;
}
mod p63 {
    use typedis::cmd::Cmd;
}
mod p64 {
    use typedis::cmd::Command;
}
mod p65 {
    use typedis::cmd::CommandFlags;
}
mod p66 {
    use typedis::cmd::Commands;
}
mod p67 {
    use typedis::cmd::DoubleArg;
}
mod p68 {
    use typedis::cmd::FractionalSecondsArg;
}
mod p69 {
    use typedis::cmd::IntArg;
}
mod p70 {
    use typedis::cmd::MillisArg;
}
mod p71 {
    use typedis::cmd::PieceMark;
}
mod p72 {
    use typedis::cmd::Policy;
}
mod p73 {
    use typedis::cmd::Raw;
}
mod p74 {
    use typedis::cmd::Request;
}
mod p75 {
    use typedis::cmd::RequestPolicy;
}
mod p76 {
    use typedis::cmd::Requirement;
}
mod p77 {
    use typedis::cmd::ResponsePolicy;
}
mod p78 {
    use typedis::cmd::Returning;
}
mod p79 {
    use typedis::cmd::SLOT_COUNT;
}
mod p80 {
    use typedis::cmd::SecondsArg;
}
mod p81 {
    use typedis::cmd::Slot;
}
mod p82 {
    use typedis::cmd::ToArg;
}
mod p83 {
    use typedis::cmd::b;
}
mod p84 {
    use typedis::cmd::builders::Builders;
}
mod p85 {
    use typedis::cmd::builders::acl_cat::Ready;
}
mod p86 {
    use typedis::cmd::builders::acl_deluser::NeedUsername;
}
mod p87 {
    use typedis::cmd::builders::acl_deluser::Ready;
}
mod p88 {
    use typedis::cmd::builders::acl_dryrun::NeedCommand;
}
mod p89 {
    use typedis::cmd::builders::acl_dryrun::NeedUsername;
}
mod p90 {
    use typedis::cmd::builders::acl_dryrun::Ready;
}
mod p91 {
    use typedis::cmd::builders::acl_genpass::Ready;
}
mod p92 {
    use typedis::cmd::builders::acl_getuser::NeedUsername;
}
mod p93 {
    use typedis::cmd::builders::acl_getuser::Ready;
}
mod p94 {
    use typedis::cmd::builders::acl_help::Ready;
}
mod p95 {
    use typedis::cmd::builders::acl_list::Ready;
}
mod p96 {
    use typedis::cmd::builders::acl_load::Ready;
}
mod p97 {
    use typedis::cmd::builders::acl_log::Ready;
}
mod p98 {
    use typedis::cmd::builders::acl_save::Ready;
}
mod p99 {
    use typedis::cmd::builders::acl_setuser::NeedUsername;
}
mod p100 {
    use typedis::cmd::builders::acl_setuser::Ready;
}
mod p101 {
    use typedis::cmd::builders::acl_users::Ready;
}
mod p102 {
    use typedis::cmd::builders::acl_whoami::Ready;
}
mod p103 {
    use typedis::cmd::builders::append::NeedKey;
}
mod p104 {
    use typedis::cmd::builders::append::NeedValue;
}
mod p105 {
    use typedis::cmd::builders::append::Ready;
}
mod p106 {
    use typedis::cmd::builders::asking::Ready;
}
mod p107 {
    use typedis::cmd::builders::auth::NeedPassword;
}
mod p108 {
    use typedis::cmd::builders::auth::Ready;
}
mod p109 {
    use typedis::cmd::builders::b;
}
mod p110 {
    use typedis::cmd::builders::bgrewriteaof::Ready;
}
mod p111 {
    use typedis::cmd::builders::bgsave::Ready;
}
mod p112 {
    use typedis::cmd::builders::bitcount::NeedKey;
}
mod p113 {
    use typedis::cmd::builders::bitcount::Ready;
}
mod p114 {
    use typedis::cmd::builders::bitfield::NeedKey;
}
mod p115 {
    use typedis::cmd::builders::bitfield::Ready;
}
mod p116 {
    use typedis::cmd::builders::bitfield_ro::NeedKey;
}
mod p117 {
    use typedis::cmd::builders::bitfield_ro::Ready;
}
mod p118 {
    use typedis::cmd::builders::bitop::NeedDestkey;
}
mod p119 {
    use typedis::cmd::builders::bitop::NeedKey;
}
mod p120 {
    use typedis::cmd::builders::bitop::NeedOperation;
}
mod p121 {
    use typedis::cmd::builders::bitop::Ready;
}
mod p122 {
    use typedis::cmd::builders::bitpos::NeedBit;
}
mod p123 {
    use typedis::cmd::builders::bitpos::NeedKey;
}
mod p124 {
    use typedis::cmd::builders::bitpos::Ready;
}
mod p125 {
    use typedis::cmd::builders::blmove::NeedDestination;
}
mod p126 {
    use typedis::cmd::builders::blmove::NeedSource;
}
mod p127 {
    use typedis::cmd::builders::blmove::NeedTimeout;
}
mod p128 {
    use typedis::cmd::builders::blmove::NeedWherefrom;
}
mod p129 {
    use typedis::cmd::builders::blmove::NeedWhereto;
}
mod p130 {
    use typedis::cmd::builders::blmove::Ready;
}
mod p131 {
    use typedis::cmd::builders::blmpop::NeedKey;
}
mod p132 {
    use typedis::cmd::builders::blmpop::NeedTimeout;
}
mod p133 {
    use typedis::cmd::builders::blmpop::NeedWhere;
}
mod p134 {
    use typedis::cmd::builders::blmpop::Ready;
}
mod p135 {
    use typedis::cmd::builders::blpop::NeedKey;
}
mod p136 {
    use typedis::cmd::builders::blpop::NeedTimeout;
}
mod p137 {
    use typedis::cmd::builders::blpop::Ready;
}
mod p138 {
    use typedis::cmd::builders::brpop::NeedKey;
}
mod p139 {
    use typedis::cmd::builders::brpop::NeedTimeout;
}
mod p140 {
    use typedis::cmd::builders::brpop::Ready;
}
mod p141 {
    use typedis::cmd::builders::brpoplpush::NeedDestination;
}
mod p142 {
    use typedis::cmd::builders::brpoplpush::NeedSource;
}
mod p143 {
    use typedis::cmd::builders::brpoplpush::NeedTimeout;
}
mod p144 {
    use typedis::cmd::builders::brpoplpush::Ready;
}
mod p145 {
    use typedis::cmd::builders::bzmpop::NeedKey;
}
mod p146 {
    use typedis::cmd::builders::bzmpop::NeedTimeout;
}
mod p147 {
    use typedis::cmd::builders::bzmpop::NeedWhere;
}
mod p148 {
    use typedis::cmd::builders::bzmpop::Ready;
}
mod p149 {
    use typedis::cmd::builders::bzpopmax::NeedKey;
}
mod p150 {
    use typedis::cmd::builders::bzpopmax::NeedTimeout;
}
mod p151 {
    use typedis::cmd::builders::bzpopmax::Ready;
}
mod p152 {
    use typedis::cmd::builders::bzpopmin::NeedKey;
}
mod p153 {
    use typedis::cmd::builders::bzpopmin::NeedTimeout;
}
mod p154 {
    use typedis::cmd::builders::bzpopmin::Ready;
}
mod p155 {
    use typedis::cmd::builders::client_caching::NeedMode;
}
mod p156 {
    use typedis::cmd::builders::client_caching::Ready;
}
mod p157 {
    use typedis::cmd::builders::client_capa::NeedCapability;
}
mod p158 {
    use typedis::cmd::builders::client_capa::Ready;
}
mod p159 {
    use typedis::cmd::builders::client_getname::Ready;
}
mod p160 {
    use typedis::cmd::builders::client_getredir::Ready;
}
mod p161 {
    use typedis::cmd::builders::client_help::Ready;
}
mod p162 {
    use typedis::cmd::builders::client_id::Ready;
}
mod p163 {
    use typedis::cmd::builders::client_import_source::NeedEnabled;
}
mod p164 {
    use typedis::cmd::builders::client_import_source::Ready;
}
mod p165 {
    use typedis::cmd::builders::client_info::Ready;
}
mod p166 {
    use typedis::cmd::builders::client_kill::NeedFilter;
}
mod p167 {
    use typedis::cmd::builders::client_kill::Ready;
}
mod p168 {
    use typedis::cmd::builders::client_kill::ReadyAfterNewFormat;
}
mod p169 {
    use typedis::cmd::builders::client_list::Ready;
}
mod p170 {
    use typedis::cmd::builders::client_no_evict::NeedEnabled;
}
mod p171 {
    use typedis::cmd::builders::client_no_evict::Ready;
}
mod p172 {
    use typedis::cmd::builders::client_no_touch::NeedEnabled;
}
mod p173 {
    use typedis::cmd::builders::client_no_touch::Ready;
}
mod p174 {
    use typedis::cmd::builders::client_pause::NeedTimeout;
}
mod p175 {
    use typedis::cmd::builders::client_pause::Ready;
}
mod p176 {
    use typedis::cmd::builders::client_reply::NeedAction;
}
mod p177 {
    use typedis::cmd::builders::client_reply::Ready;
}
mod p178 {
    use typedis::cmd::builders::client_setinfo::NeedAttr;
}
mod p179 {
    use typedis::cmd::builders::client_setinfo::Ready;
}
mod p180 {
    use typedis::cmd::builders::client_setname::NeedConnectionName;
}
mod p181 {
    use typedis::cmd::builders::client_setname::Ready;
}
mod p182 {
    use typedis::cmd::builders::client_tracking::NeedStatus;
}
mod p183 {
    use typedis::cmd::builders::client_tracking::Ready;
}
mod p184 {
    use typedis::cmd::builders::client_trackinginfo::Ready;
}
mod p185 {
    use typedis::cmd::builders::client_unblock::NeedClientId;
}
mod p186 {
    use typedis::cmd::builders::client_unblock::Ready;
}
mod p187 {
    use typedis::cmd::builders::client_unpause::Ready;
}
mod p188 {
    use typedis::cmd::builders::cluster_addslots::NeedSlot;
}
mod p189 {
    use typedis::cmd::builders::cluster_addslots::Ready;
}
mod p190 {
    use typedis::cmd::builders::cluster_addslotsrange::NeedRange;
}
mod p191 {
    use typedis::cmd::builders::cluster_addslotsrange::Ready;
}
mod p192 {
    use typedis::cmd::builders::cluster_bumpepoch::Ready;
}
mod p193 {
    use typedis::cmd::builders::cluster_cancelslotmigrations::Ready;
}
mod p194 {
    use typedis::cmd::builders::cluster_count_failure_reports::NeedNodeId;
}
mod p195 {
    use typedis::cmd::builders::cluster_count_failure_reports::Ready;
}
mod p196 {
    use typedis::cmd::builders::cluster_countkeysinslot::NeedSlot;
}
mod p197 {
    use typedis::cmd::builders::cluster_countkeysinslot::Ready;
}
mod p198 {
    use typedis::cmd::builders::cluster_delslots::NeedSlot;
}
mod p199 {
    use typedis::cmd::builders::cluster_delslots::Ready;
}
mod p200 {
    use typedis::cmd::builders::cluster_delslotsrange::NeedRange;
}
mod p201 {
    use typedis::cmd::builders::cluster_delslotsrange::Ready;
}
mod p202 {
    use typedis::cmd::builders::cluster_failover::Ready;
}
mod p203 {
    use typedis::cmd::builders::cluster_flushslot::NeedSlot;
}
mod p204 {
    use typedis::cmd::builders::cluster_flushslot::Ready;
}
mod p205 {
    use typedis::cmd::builders::cluster_flushslots::Ready;
}
mod p206 {
    use typedis::cmd::builders::cluster_forget::NeedNodeId;
}
mod p207 {
    use typedis::cmd::builders::cluster_forget::Ready;
}
mod p208 {
    use typedis::cmd::builders::cluster_getkeysinslot::NeedCount;
}
mod p209 {
    use typedis::cmd::builders::cluster_getkeysinslot::NeedSlot;
}
mod p210 {
    use typedis::cmd::builders::cluster_getkeysinslot::Ready;
}
mod p211 {
    use typedis::cmd::builders::cluster_getslotmigrations::Ready;
}
mod p212 {
    use typedis::cmd::builders::cluster_help::Ready;
}
mod p213 {
    use typedis::cmd::builders::cluster_info::Ready;
}
mod p214 {
    use typedis::cmd::builders::cluster_keyslot::NeedKey;
}
mod p215 {
    use typedis::cmd::builders::cluster_keyslot::Ready;
}
mod p216 {
    use typedis::cmd::builders::cluster_links::Ready;
}
mod p217 {
    use typedis::cmd::builders::cluster_meet::NeedIp;
}
mod p218 {
    use typedis::cmd::builders::cluster_meet::NeedPort;
}
mod p219 {
    use typedis::cmd::builders::cluster_meet::Ready;
}
mod p220 {
    use typedis::cmd::builders::cluster_migrateslots::NeedNodeId;
}
mod p221 {
    use typedis::cmd::builders::cluster_migrateslots::NeedRange;
}
mod p222 {
    use typedis::cmd::builders::cluster_migrateslots::Ready;
}
mod p223 {
    use typedis::cmd::builders::cluster_myid::Ready;
}
mod p224 {
    use typedis::cmd::builders::cluster_myshardid::Ready;
}
mod p225 {
    use typedis::cmd::builders::cluster_nodes::Ready;
}
mod p226 {
    use typedis::cmd::builders::cluster_replicas::NeedNodeId;
}
mod p227 {
    use typedis::cmd::builders::cluster_replicas::Ready;
}
mod p228 {
    use typedis::cmd::builders::cluster_replicate::NeedArgs;
}
mod p229 {
    use typedis::cmd::builders::cluster_replicate::Ready;
}
mod p230 {
    use typedis::cmd::builders::cluster_reset::Ready;
}
mod p231 {
    use typedis::cmd::builders::cluster_saveconfig::Ready;
}
mod p232 {
    use typedis::cmd::builders::cluster_set_config_epoch::NeedConfigEpoch;
}
mod p233 {
    use typedis::cmd::builders::cluster_set_config_epoch::Ready;
}
mod p234 {
    use typedis::cmd::builders::cluster_setslot::NeedSlot;
}
mod p235 {
    use typedis::cmd::builders::cluster_setslot::NeedSubcommand;
}
mod p236 {
    use typedis::cmd::builders::cluster_setslot::Ready;
}
mod p237 {
    use typedis::cmd::builders::cluster_shards::Ready;
}
mod p238 {
    use typedis::cmd::builders::cluster_slaves::NeedNodeId;
}
mod p239 {
    use typedis::cmd::builders::cluster_slaves::Ready;
}
mod p240 {
    use typedis::cmd::builders::cluster_slot_stats::NeedFilter;
}
mod p241 {
    use typedis::cmd::builders::cluster_slot_stats::Ready;
}
mod p242 {
    use typedis::cmd::builders::cluster_slots::Ready;
}
mod p243 {
    use typedis::cmd::builders::cluster_syncslots::NeedArg1;
}
mod p244 {
    use typedis::cmd::builders::cluster_syncslots::Ready;
}
mod p245 {
    use typedis::cmd::builders::clusterscan::NeedCursor;
}
mod p246 {
    use typedis::cmd::builders::clusterscan::Ready;
}
mod p247 {
    use typedis::cmd::builders::command_count::Ready;
}
mod p248 {
    use typedis::cmd::builders::command_docs::Ready;
}
mod p249 {
    use typedis::cmd::builders::command_getkeys::NeedCommand;
}
mod p250 {
    use typedis::cmd::builders::command_getkeys::Ready;
}
mod p251 {
    use typedis::cmd::builders::command_getkeysandflags::NeedCommand;
}
mod p252 {
    use typedis::cmd::builders::command_getkeysandflags::Ready;
}
mod p253 {
    use typedis::cmd::builders::command_help::Ready;
}
mod p254 {
    use typedis::cmd::builders::command_info::Ready;
}
mod p255 {
    use typedis::cmd::builders::command_list::Ready;
}
mod p256 {
    use typedis::cmd::builders::commandlog_get::NeedCount;
}
mod p257 {
    use typedis::cmd::builders::commandlog_get::NeedType;
}
mod p258 {
    use typedis::cmd::builders::commandlog_get::Ready;
}
mod p259 {
    use typedis::cmd::builders::commandlog_help::Ready;
}
mod p260 {
    use typedis::cmd::builders::commandlog_len::NeedType;
}
mod p261 {
    use typedis::cmd::builders::commandlog_len::Ready;
}
mod p262 {
    use typedis::cmd::builders::commandlog_reset::NeedType;
}
mod p263 {
    use typedis::cmd::builders::commandlog_reset::Ready;
}
mod p264 {
    use typedis::cmd::builders::config_get::NeedParameter;
}
mod p265 {
    use typedis::cmd::builders::config_get::Ready;
}
mod p266 {
    use typedis::cmd::builders::config_help::Ready;
}
mod p267 {
    use typedis::cmd::builders::config_resetstat::Ready;
}
mod p268 {
    use typedis::cmd::builders::config_rewrite::Ready;
}
mod p269 {
    use typedis::cmd::builders::config_set::NeedData;
}
mod p270 {
    use typedis::cmd::builders::config_set::Ready;
}
mod p271 {
    use typedis::cmd::builders::copy::NeedDestination;
}
mod p272 {
    use typedis::cmd::builders::copy::NeedSource;
}
mod p273 {
    use typedis::cmd::builders::copy::Ready;
}
mod p274 {
    use typedis::cmd::builders::dbsize::Ready;
}
mod p275 {
    use typedis::cmd::builders::debug::NeedArg1;
}
mod p276 {
    use typedis::cmd::builders::debug::Ready;
}
mod p277 {
    use typedis::cmd::builders::decr::NeedKey;
}
mod p278 {
    use typedis::cmd::builders::decr::Ready;
}
mod p279 {
    use typedis::cmd::builders::decrby::NeedDecrement;
}
mod p280 {
    use typedis::cmd::builders::decrby::NeedKey;
}
mod p281 {
    use typedis::cmd::builders::decrby::Ready;
}
mod p282 {
    use typedis::cmd::builders::del::NeedKey;
}
mod p283 {
    use typedis::cmd::builders::del::Ready;
}
mod p284 {
    use typedis::cmd::builders::delifeq::NeedKey;
}
mod p285 {
    use typedis::cmd::builders::delifeq::NeedValue;
}
mod p286 {
    use typedis::cmd::builders::delifeq::Ready;
}
mod p287 {
    use typedis::cmd::builders::discard::Ready;
}
mod p288 {
    use typedis::cmd::builders::dump::NeedKey;
}
mod p289 {
    use typedis::cmd::builders::dump::Ready;
}
mod p290 {
    use typedis::cmd::builders::echo::NeedMessage;
}
mod p291 {
    use typedis::cmd::builders::echo::Ready;
}
mod p292 {
    use typedis::cmd::builders::eval::NeedScript;
}
mod p293 {
    use typedis::cmd::builders::eval::Ready;
}
mod p294 {
    use typedis::cmd::builders::eval_ro::NeedScript;
}
mod p295 {
    use typedis::cmd::builders::eval_ro::Ready;
}
mod p296 {
    use typedis::cmd::builders::evalsha::NeedSha1;
}
mod p297 {
    use typedis::cmd::builders::evalsha::Ready;
}
mod p298 {
    use typedis::cmd::builders::evalsha_ro::NeedSha1;
}
mod p299 {
    use typedis::cmd::builders::evalsha_ro::Ready;
}
mod p300 {
    use typedis::cmd::builders::exec::Ready;
}
mod p301 {
    use typedis::cmd::builders::exists::NeedKey;
}
mod p302 {
    use typedis::cmd::builders::exists::Ready;
}
mod p303 {
    use typedis::cmd::builders::expire::NeedKey;
}
mod p304 {
    use typedis::cmd::builders::expire::NeedSeconds;
}
mod p305 {
    use typedis::cmd::builders::expire::Ready;
}
mod p306 {
    use typedis::cmd::builders::expireat::NeedKey;
}
mod p307 {
    use typedis::cmd::builders::expireat::NeedUnixTimeSeconds;
}
mod p308 {
    use typedis::cmd::builders::expireat::Ready;
}
mod p309 {
    use typedis::cmd::builders::expiretime::NeedKey;
}
mod p310 {
    use typedis::cmd::builders::expiretime::Ready;
}
mod p311 {
    use typedis::cmd::builders::failover::Ready;
}
mod p312 {
    use typedis::cmd::builders::fcall::NeedFunction;
}
mod p313 {
    use typedis::cmd::builders::fcall::Ready;
}
mod p314 {
    use typedis::cmd::builders::fcall_ro::NeedFunction;
}
mod p315 {
    use typedis::cmd::builders::fcall_ro::Ready;
}
mod p316 {
    use typedis::cmd::builders::flushall::Ready;
}
mod p317 {
    use typedis::cmd::builders::flushdb::Ready;
}
mod p318 {
    use typedis::cmd::builders::function_delete::NeedLibraryName;
}
mod p319 {
    use typedis::cmd::builders::function_delete::Ready;
}
mod p320 {
    use typedis::cmd::builders::function_dump::Ready;
}
mod p321 {
    use typedis::cmd::builders::function_flush::Ready;
}
mod p322 {
    use typedis::cmd::builders::function_help::Ready;
}
mod p323 {
    use typedis::cmd::builders::function_kill::Ready;
}
mod p324 {
    use typedis::cmd::builders::function_list::Ready;
}
mod p325 {
    use typedis::cmd::builders::function_load::NeedFunctionCode;
}
mod p326 {
    use typedis::cmd::builders::function_load::Ready;
}
mod p327 {
    use typedis::cmd::builders::function_restore::NeedSerializedValue;
}
mod p328 {
    use typedis::cmd::builders::function_restore::Ready;
}
mod p329 {
    use typedis::cmd::builders::function_stats::Ready;
}
mod p330 {
    use typedis::cmd::builders::geoadd::NeedData;
}
mod p331 {
    use typedis::cmd::builders::geoadd::NeedKey;
}
mod p332 {
    use typedis::cmd::builders::geoadd::Ready;
}
mod p333 {
    use typedis::cmd::builders::geodist::NeedKey;
}
mod p334 {
    use typedis::cmd::builders::geodist::NeedMember1;
}
mod p335 {
    use typedis::cmd::builders::geodist::NeedMember2;
}
mod p336 {
    use typedis::cmd::builders::geodist::Ready;
}
mod p337 {
    use typedis::cmd::builders::geohash::NeedKey;
}
mod p338 {
    use typedis::cmd::builders::geohash::Ready;
}
mod p339 {
    use typedis::cmd::builders::geopos::NeedKey;
}
mod p340 {
    use typedis::cmd::builders::geopos::Ready;
}
mod p341 {
    use typedis::cmd::builders::georadius::NeedKey;
}
mod p342 {
    use typedis::cmd::builders::georadius::NeedLatitude;
}
mod p343 {
    use typedis::cmd::builders::georadius::NeedLongitude;
}
mod p344 {
    use typedis::cmd::builders::georadius::NeedRadius;
}
mod p345 {
    use typedis::cmd::builders::georadius::NeedUnit;
}
mod p346 {
    use typedis::cmd::builders::georadius::Ready;
}
mod p347 {
    use typedis::cmd::builders::georadius_ro::NeedKey;
}
mod p348 {
    use typedis::cmd::builders::georadius_ro::NeedLatitude;
}
mod p349 {
    use typedis::cmd::builders::georadius_ro::NeedLongitude;
}
mod p350 {
    use typedis::cmd::builders::georadius_ro::NeedRadius;
}
mod p351 {
    use typedis::cmd::builders::georadius_ro::NeedUnit;
}
mod p352 {
    use typedis::cmd::builders::georadius_ro::Ready;
}
mod p353 {
    use typedis::cmd::builders::georadiusbymember::NeedKey;
}
mod p354 {
    use typedis::cmd::builders::georadiusbymember::NeedMember;
}
mod p355 {
    use typedis::cmd::builders::georadiusbymember::NeedRadius;
}
mod p356 {
    use typedis::cmd::builders::georadiusbymember::NeedUnit;
}
mod p357 {
    use typedis::cmd::builders::georadiusbymember::Ready;
}
mod p358 {
    use typedis::cmd::builders::georadiusbymember_ro::NeedKey;
}
mod p359 {
    use typedis::cmd::builders::georadiusbymember_ro::NeedMember;
}
mod p360 {
    use typedis::cmd::builders::georadiusbymember_ro::NeedRadius;
}
mod p361 {
    use typedis::cmd::builders::georadiusbymember_ro::NeedUnit;
}
mod p362 {
    use typedis::cmd::builders::georadiusbymember_ro::Ready;
}
mod p363 {
    use typedis::cmd::builders::geosearch::NeedBy;
}
mod p364 {
    use typedis::cmd::builders::geosearch::NeedKey;
}
mod p365 {
    use typedis::cmd::builders::geosearch::Ready;
}
mod p366 {
    use typedis::cmd::builders::geosearchstore::NeedBy;
}
mod p367 {
    use typedis::cmd::builders::geosearchstore::NeedDestination;
}
mod p368 {
    use typedis::cmd::builders::geosearchstore::NeedSource;
}
mod p369 {
    use typedis::cmd::builders::geosearchstore::Ready;
}
mod p370 {
    use typedis::cmd::builders::get::NeedKey;
}
mod p371 {
    use typedis::cmd::builders::get::Ready;
}
mod p372 {
    use typedis::cmd::builders::getbit::NeedKey;
}
mod p373 {
    use typedis::cmd::builders::getbit::NeedOffset;
}
mod p374 {
    use typedis::cmd::builders::getbit::Ready;
}
mod p375 {
    use typedis::cmd::builders::getdel::NeedKey;
}
mod p376 {
    use typedis::cmd::builders::getdel::Ready;
}
mod p377 {
    use typedis::cmd::builders::getex::NeedKey;
}
mod p378 {
    use typedis::cmd::builders::getex::Ready;
}
mod p379 {
    use typedis::cmd::builders::getrange::NeedEnd;
}
mod p380 {
    use typedis::cmd::builders::getrange::NeedKey;
}
mod p381 {
    use typedis::cmd::builders::getrange::NeedStart;
}
mod p382 {
    use typedis::cmd::builders::getrange::Ready;
}
mod p383 {
    use typedis::cmd::builders::getset::NeedKey;
}
mod p384 {
    use typedis::cmd::builders::getset::NeedValue;
}
mod p385 {
    use typedis::cmd::builders::getset::Ready;
}
mod p386 {
    use typedis::cmd::builders::hdel::NeedField;
}
mod p387 {
    use typedis::cmd::builders::hdel::NeedKey;
}
mod p388 {
    use typedis::cmd::builders::hdel::Ready;
}
mod p389 {
    use typedis::cmd::builders::hello::Ready;
}
mod p390 {
    use typedis::cmd::builders::hexists::NeedField;
}
mod p391 {
    use typedis::cmd::builders::hexists::NeedKey;
}
mod p392 {
    use typedis::cmd::builders::hexists::Ready;
}
mod p393 {
    use typedis::cmd::builders::hexpire::NeedField;
}
mod p394 {
    use typedis::cmd::builders::hexpire::NeedKey;
}
mod p395 {
    use typedis::cmd::builders::hexpire::NeedSeconds;
}
mod p396 {
    use typedis::cmd::builders::hexpire::Ready;
}
mod p397 {
    use typedis::cmd::builders::hexpireat::NeedField;
}
mod p398 {
    use typedis::cmd::builders::hexpireat::NeedKey;
}
mod p399 {
    use typedis::cmd::builders::hexpireat::NeedUnixTimeSeconds;
}
mod p400 {
    use typedis::cmd::builders::hexpireat::Ready;
}
mod p401 {
    use typedis::cmd::builders::hexpiretime::NeedField;
}
mod p402 {
    use typedis::cmd::builders::hexpiretime::NeedKey;
}
mod p403 {
    use typedis::cmd::builders::hexpiretime::Ready;
}
mod p404 {
    use typedis::cmd::builders::hget::NeedField;
}
mod p405 {
    use typedis::cmd::builders::hget::NeedKey;
}
mod p406 {
    use typedis::cmd::builders::hget::Ready;
}
mod p407 {
    use typedis::cmd::builders::hgetall::NeedKey;
}
mod p408 {
    use typedis::cmd::builders::hgetall::Ready;
}
mod p409 {
    use typedis::cmd::builders::hgetdel::NeedField;
}
mod p410 {
    use typedis::cmd::builders::hgetdel::NeedKey;
}
mod p411 {
    use typedis::cmd::builders::hgetdel::Ready;
}
mod p412 {
    use typedis::cmd::builders::hgetex::NeedField;
}
mod p413 {
    use typedis::cmd::builders::hgetex::NeedKey;
}
mod p414 {
    use typedis::cmd::builders::hgetex::Ready;
}
mod p415 {
    use typedis::cmd::builders::hincrby::NeedField;
}
mod p416 {
    use typedis::cmd::builders::hincrby::NeedIncrement;
}
mod p417 {
    use typedis::cmd::builders::hincrby::NeedKey;
}
mod p418 {
    use typedis::cmd::builders::hincrby::Ready;
}
mod p419 {
    use typedis::cmd::builders::hincrbyfloat::NeedField;
}
mod p420 {
    use typedis::cmd::builders::hincrbyfloat::NeedIncrement;
}
mod p421 {
    use typedis::cmd::builders::hincrbyfloat::NeedKey;
}
mod p422 {
    use typedis::cmd::builders::hincrbyfloat::Ready;
}
mod p423 {
    use typedis::cmd::builders::hkeys::NeedKey;
}
mod p424 {
    use typedis::cmd::builders::hkeys::Ready;
}
mod p425 {
    use typedis::cmd::builders::hlen::NeedKey;
}
mod p426 {
    use typedis::cmd::builders::hlen::Ready;
}
mod p427 {
    use typedis::cmd::builders::hmget::NeedField;
}
mod p428 {
    use typedis::cmd::builders::hmget::NeedKey;
}
mod p429 {
    use typedis::cmd::builders::hmget::Ready;
}
mod p430 {
    use typedis::cmd::builders::hmset::NeedData;
}
mod p431 {
    use typedis::cmd::builders::hmset::NeedKey;
}
mod p432 {
    use typedis::cmd::builders::hmset::Ready;
}
mod p433 {
    use typedis::cmd::builders::hpersist::NeedField;
}
mod p434 {
    use typedis::cmd::builders::hpersist::NeedKey;
}
mod p435 {
    use typedis::cmd::builders::hpersist::Ready;
}
mod p436 {
    use typedis::cmd::builders::hpexpire::NeedField;
}
mod p437 {
    use typedis::cmd::builders::hpexpire::NeedKey;
}
mod p438 {
    use typedis::cmd::builders::hpexpire::NeedMilliseconds;
}
mod p439 {
    use typedis::cmd::builders::hpexpire::Ready;
}
mod p440 {
    use typedis::cmd::builders::hpexpireat::NeedField;
}
mod p441 {
    use typedis::cmd::builders::hpexpireat::NeedKey;
}
mod p442 {
    use typedis::cmd::builders::hpexpireat::NeedUnixTimeMilliseconds;
}
mod p443 {
    use typedis::cmd::builders::hpexpireat::Ready;
}
mod p444 {
    use typedis::cmd::builders::hpexpiretime::NeedField;
}
mod p445 {
    use typedis::cmd::builders::hpexpiretime::NeedKey;
}
mod p446 {
    use typedis::cmd::builders::hpexpiretime::Ready;
}
mod p447 {
    use typedis::cmd::builders::hpttl::NeedField;
}
mod p448 {
    use typedis::cmd::builders::hpttl::NeedKey;
}
mod p449 {
    use typedis::cmd::builders::hpttl::Ready;
}
mod p450 {
    use typedis::cmd::builders::hrandfield::NeedKey;
}
mod p451 {
    use typedis::cmd::builders::hrandfield::Ready;
}
mod p452 {
    use typedis::cmd::builders::hscan::NeedCursor;
}
mod p453 {
    use typedis::cmd::builders::hscan::NeedKey;
}
mod p454 {
    use typedis::cmd::builders::hscan::Ready;
}
mod p455 {
    use typedis::cmd::builders::hset::NeedData;
}
mod p456 {
    use typedis::cmd::builders::hset::NeedKey;
}
mod p457 {
    use typedis::cmd::builders::hset::Ready;
}
mod p458 {
    use typedis::cmd::builders::hsetex::NeedData;
}
mod p459 {
    use typedis::cmd::builders::hsetex::NeedKey;
}
mod p460 {
    use typedis::cmd::builders::hsetex::Ready;
}
mod p461 {
    use typedis::cmd::builders::hsetnx::NeedField;
}
mod p462 {
    use typedis::cmd::builders::hsetnx::NeedKey;
}
mod p463 {
    use typedis::cmd::builders::hsetnx::NeedValue;
}
mod p464 {
    use typedis::cmd::builders::hsetnx::Ready;
}
mod p465 {
    use typedis::cmd::builders::hstrlen::NeedField;
}
mod p466 {
    use typedis::cmd::builders::hstrlen::NeedKey;
}
mod p467 {
    use typedis::cmd::builders::hstrlen::Ready;
}
mod p468 {
    use typedis::cmd::builders::httl::NeedField;
}
mod p469 {
    use typedis::cmd::builders::httl::NeedKey;
}
mod p470 {
    use typedis::cmd::builders::httl::Ready;
}
mod p471 {
    use typedis::cmd::builders::hvals::NeedKey;
}
mod p472 {
    use typedis::cmd::builders::hvals::Ready;
}
mod p473 {
    use typedis::cmd::builders::incr::NeedKey;
}
mod p474 {
    use typedis::cmd::builders::incr::Ready;
}
mod p475 {
    use typedis::cmd::builders::incrby::NeedIncrement;
}
mod p476 {
    use typedis::cmd::builders::incrby::NeedKey;
}
mod p477 {
    use typedis::cmd::builders::incrby::Ready;
}
mod p478 {
    use typedis::cmd::builders::incrbyfloat::NeedIncrement;
}
mod p479 {
    use typedis::cmd::builders::incrbyfloat::NeedKey;
}
mod p480 {
    use typedis::cmd::builders::incrbyfloat::Ready;
}
mod p481 {
    use typedis::cmd::builders::info::Ready;
}
mod p482 {
    use typedis::cmd::builders::keys::NeedPattern;
}
mod p483 {
    use typedis::cmd::builders::keys::Ready;
}
mod p484 {
    use typedis::cmd::builders::lastsave::Ready;
}
mod p485 {
    use typedis::cmd::builders::latency_doctor::Ready;
}
mod p486 {
    use typedis::cmd::builders::latency_graph::NeedEvent;
}
mod p487 {
    use typedis::cmd::builders::latency_graph::Ready;
}
mod p488 {
    use typedis::cmd::builders::latency_help::Ready;
}
mod p489 {
    use typedis::cmd::builders::latency_histogram::Ready;
}
mod p490 {
    use typedis::cmd::builders::latency_history::NeedEvent;
}
mod p491 {
    use typedis::cmd::builders::latency_history::Ready;
}
mod p492 {
    use typedis::cmd::builders::latency_latest::Ready;
}
mod p493 {
    use typedis::cmd::builders::latency_reset::Ready;
}
mod p494 {
    use typedis::cmd::builders::lcs::NeedKey1;
}
mod p495 {
    use typedis::cmd::builders::lcs::NeedKey2;
}
mod p496 {
    use typedis::cmd::builders::lcs::Ready;
}
mod p497 {
    use typedis::cmd::builders::lindex::NeedIndex;
}
mod p498 {
    use typedis::cmd::builders::lindex::NeedKey;
}
mod p499 {
    use typedis::cmd::builders::lindex::Ready;
}
mod p500 {
    use typedis::cmd::builders::linsert::NeedElement;
}
mod p501 {
    use typedis::cmd::builders::linsert::NeedKey;
}
mod p502 {
    use typedis::cmd::builders::linsert::NeedPivot;
}
mod p503 {
    use typedis::cmd::builders::linsert::NeedWhere;
}
mod p504 {
    use typedis::cmd::builders::linsert::Ready;
}
mod p505 {
    use typedis::cmd::builders::llen::NeedKey;
}
mod p506 {
    use typedis::cmd::builders::llen::Ready;
}
mod p507 {
    use typedis::cmd::builders::lmove::NeedDestination;
}
mod p508 {
    use typedis::cmd::builders::lmove::NeedSource;
}
mod p509 {
    use typedis::cmd::builders::lmove::NeedWherefrom;
}
mod p510 {
    use typedis::cmd::builders::lmove::NeedWhereto;
}
mod p511 {
    use typedis::cmd::builders::lmove::Ready;
}
mod p512 {
    use typedis::cmd::builders::lmpop::NeedKey;
}
mod p513 {
    use typedis::cmd::builders::lmpop::NeedWhere;
}
mod p514 {
    use typedis::cmd::builders::lmpop::Ready;
}
mod p515 {
    use typedis::cmd::builders::lolwut::Ready;
}
mod p516 {
    use typedis::cmd::builders::lpop::NeedKey;
}
mod p517 {
    use typedis::cmd::builders::lpop::Ready;
}
mod p518 {
    use typedis::cmd::builders::lpos::NeedElement;
}
mod p519 {
    use typedis::cmd::builders::lpos::NeedKey;
}
mod p520 {
    use typedis::cmd::builders::lpos::Ready;
}
mod p521 {
    use typedis::cmd::builders::lpush::NeedElement;
}
mod p522 {
    use typedis::cmd::builders::lpush::NeedKey;
}
mod p523 {
    use typedis::cmd::builders::lpush::Ready;
}
mod p524 {
    use typedis::cmd::builders::lpushx::NeedElement;
}
mod p525 {
    use typedis::cmd::builders::lpushx::NeedKey;
}
mod p526 {
    use typedis::cmd::builders::lpushx::Ready;
}
mod p527 {
    use typedis::cmd::builders::lrange::NeedKey;
}
mod p528 {
    use typedis::cmd::builders::lrange::NeedStart;
}
mod p529 {
    use typedis::cmd::builders::lrange::NeedStop;
}
mod p530 {
    use typedis::cmd::builders::lrange::Ready;
}
mod p531 {
    use typedis::cmd::builders::lrem::NeedCount;
}
mod p532 {
    use typedis::cmd::builders::lrem::NeedElement;
}
mod p533 {
    use typedis::cmd::builders::lrem::NeedKey;
}
mod p534 {
    use typedis::cmd::builders::lrem::Ready;
}
mod p535 {
    use typedis::cmd::builders::lset::NeedElement;
}
mod p536 {
    use typedis::cmd::builders::lset::NeedIndex;
}
mod p537 {
    use typedis::cmd::builders::lset::NeedKey;
}
mod p538 {
    use typedis::cmd::builders::lset::Ready;
}
mod p539 {
    use typedis::cmd::builders::ltrim::NeedKey;
}
mod p540 {
    use typedis::cmd::builders::ltrim::NeedStart;
}
mod p541 {
    use typedis::cmd::builders::ltrim::NeedStop;
}
mod p542 {
    use typedis::cmd::builders::ltrim::Ready;
}
mod p543 {
    use typedis::cmd::builders::memory_doctor::Ready;
}
mod p544 {
    use typedis::cmd::builders::memory_help::Ready;
}
mod p545 {
    use typedis::cmd::builders::memory_malloc_stats::Ready;
}
mod p546 {
    use typedis::cmd::builders::memory_purge::Ready;
}
mod p547 {
    use typedis::cmd::builders::memory_stats::Ready;
}
mod p548 {
    use typedis::cmd::builders::memory_usage::NeedKey;
}
mod p549 {
    use typedis::cmd::builders::memory_usage::Ready;
}
mod p550 {
    use typedis::cmd::builders::mget::NeedKey;
}
mod p551 {
    use typedis::cmd::builders::mget::Ready;
}
mod p552 {
    use typedis::cmd::builders::migrate::NeedDestinationDb;
}
mod p553 {
    use typedis::cmd::builders::migrate::NeedHost;
}
mod p554 {
    use typedis::cmd::builders::migrate::NeedKeySelector;
}
mod p555 {
    use typedis::cmd::builders::migrate::NeedPort;
}
mod p556 {
    use typedis::cmd::builders::migrate::NeedTimeout;
}
mod p557 {
    use typedis::cmd::builders::migrate::Ready;
}
mod p558 {
    use typedis::cmd::builders::module_help::Ready;
}
mod p559 {
    use typedis::cmd::builders::module_list::Ready;
}
mod p560 {
    use typedis::cmd::builders::module_load::NeedPath;
}
mod p561 {
    use typedis::cmd::builders::module_load::Ready;
}
mod p562 {
    use typedis::cmd::builders::module_loadex::NeedPath;
}
mod p563 {
    use typedis::cmd::builders::module_loadex::Ready;
}
mod p564 {
    use typedis::cmd::builders::module_unload::NeedName;
}
mod p565 {
    use typedis::cmd::builders::module_unload::Ready;
}
mod p566 {
    use typedis::cmd::builders::monitor::Ready;
}
mod p567 {
    use typedis::cmd::builders::r#move::NeedDb;
}
mod p568 {
    use typedis::cmd::builders::r#move::NeedKey;
}
mod p569 {
    use typedis::cmd::builders::r#move::Ready;
}
mod p570 {
    use typedis::cmd::builders::mset::NeedData;
}
mod p571 {
    use typedis::cmd::builders::mset::Ready;
}
mod p572 {
    use typedis::cmd::builders::msetex::NeedData;
}
mod p573 {
    use typedis::cmd::builders::msetex::Ready;
}
mod p574 {
    use typedis::cmd::builders::msetnx::NeedData;
}
mod p575 {
    use typedis::cmd::builders::msetnx::Ready;
}
mod p576 {
    use typedis::cmd::builders::multi::Ready;
}
mod p577 {
    use typedis::cmd::builders::object_encoding::NeedKey;
}
mod p578 {
    use typedis::cmd::builders::object_encoding::Ready;
}
mod p579 {
    use typedis::cmd::builders::object_freq::NeedKey;
}
mod p580 {
    use typedis::cmd::builders::object_freq::Ready;
}
mod p581 {
    use typedis::cmd::builders::object_help::Ready;
}
mod p582 {
    use typedis::cmd::builders::object_idletime::NeedKey;
}
mod p583 {
    use typedis::cmd::builders::object_idletime::Ready;
}
mod p584 {
    use typedis::cmd::builders::object_refcount::NeedKey;
}
mod p585 {
    use typedis::cmd::builders::object_refcount::Ready;
}
mod p586 {
    use typedis::cmd::builders::persist::NeedKey;
}
mod p587 {
    use typedis::cmd::builders::persist::Ready;
}
mod p588 {
    use typedis::cmd::builders::pexpire::NeedKey;
}
mod p589 {
    use typedis::cmd::builders::pexpire::NeedMilliseconds;
}
mod p590 {
    use typedis::cmd::builders::pexpire::Ready;
}
mod p591 {
    use typedis::cmd::builders::pexpireat::NeedKey;
}
mod p592 {
    use typedis::cmd::builders::pexpireat::NeedUnixTimeMilliseconds;
}
mod p593 {
    use typedis::cmd::builders::pexpireat::Ready;
}
mod p594 {
    use typedis::cmd::builders::pexpiretime::NeedKey;
}
mod p595 {
    use typedis::cmd::builders::pexpiretime::Ready;
}
mod p596 {
    use typedis::cmd::builders::pfadd::NeedKey;
}
mod p597 {
    use typedis::cmd::builders::pfadd::Ready;
}
mod p598 {
    use typedis::cmd::builders::pfcount::NeedKey;
}
mod p599 {
    use typedis::cmd::builders::pfcount::Ready;
}
mod p600 {
    use typedis::cmd::builders::pfdebug::NeedKey;
}
mod p601 {
    use typedis::cmd::builders::pfdebug::NeedSubcommand;
}
mod p602 {
    use typedis::cmd::builders::pfdebug::Ready;
}
mod p603 {
    use typedis::cmd::builders::pfmerge::NeedDestkey;
}
mod p604 {
    use typedis::cmd::builders::pfmerge::Ready;
}
mod p605 {
    use typedis::cmd::builders::pfselftest::Ready;
}
mod p606 {
    use typedis::cmd::builders::ping::Ready;
}
mod p607 {
    use typedis::cmd::builders::psetex::NeedKey;
}
mod p608 {
    use typedis::cmd::builders::psetex::NeedMilliseconds;
}
mod p609 {
    use typedis::cmd::builders::psetex::NeedValue;
}
mod p610 {
    use typedis::cmd::builders::psetex::Ready;
}
mod p611 {
    use typedis::cmd::builders::psubscribe::NeedPattern;
}
mod p612 {
    use typedis::cmd::builders::psubscribe::Ready;
}
mod p613 {
    use typedis::cmd::builders::psync::NeedOffset;
}
mod p614 {
    use typedis::cmd::builders::psync::NeedReplicationid;
}
mod p615 {
    use typedis::cmd::builders::psync::Ready;
}
mod p616 {
    use typedis::cmd::builders::pttl::NeedKey;
}
mod p617 {
    use typedis::cmd::builders::pttl::Ready;
}
mod p618 {
    use typedis::cmd::builders::publish::NeedChannel;
}
mod p619 {
    use typedis::cmd::builders::publish::NeedMessage;
}
mod p620 {
    use typedis::cmd::builders::publish::Ready;
}
mod p621 {
    use typedis::cmd::builders::pubsub_channels::Ready;
}
mod p622 {
    use typedis::cmd::builders::pubsub_help::Ready;
}
mod p623 {
    use typedis::cmd::builders::pubsub_numpat::Ready;
}
mod p624 {
    use typedis::cmd::builders::pubsub_numsub::Ready;
}
mod p625 {
    use typedis::cmd::builders::pubsub_shardchannels::Ready;
}
mod p626 {
    use typedis::cmd::builders::pubsub_shardnumsub::Ready;
}
mod p627 {
    use typedis::cmd::builders::punsubscribe::Ready;
}
mod p628 {
    use typedis::cmd::builders::quit::Ready;
}
mod p629 {
    use typedis::cmd::builders::randomkey::Ready;
}
mod p630 {
    use typedis::cmd::builders::readonly::Ready;
}
mod p631 {
    use typedis::cmd::builders::readwrite::Ready;
}
mod p632 {
    use typedis::cmd::builders::rename::NeedKey;
}
mod p633 {
    use typedis::cmd::builders::rename::NeedNewkey;
}
mod p634 {
    use typedis::cmd::builders::rename::Ready;
}
mod p635 {
    use typedis::cmd::builders::renamenx::NeedKey;
}
mod p636 {
    use typedis::cmd::builders::renamenx::NeedNewkey;
}
mod p637 {
    use typedis::cmd::builders::renamenx::Ready;
}
mod p638 {
    use typedis::cmd::builders::replconf::Ready;
}
mod p639 {
    use typedis::cmd::builders::replicaof::NeedArgs;
}
mod p640 {
    use typedis::cmd::builders::replicaof::Ready;
}
mod p641 {
    use typedis::cmd::builders::replies::AclGetuserReply;
}
mod p642 {
    use typedis::cmd::builders::replies::AclGetuserSelector;
}
mod p643 {
    use typedis::cmd::builders::replies::AclLogEntry;
}
mod p644 {
    use typedis::cmd::builders::replies::BzpopmaxReply;
}
mod p645 {
    use typedis::cmd::builders::replies::BzpopminReply;
}
mod p646 {
    use typedis::cmd::builders::replies::ClientTrackinginfoReply;
}
mod p647 {
    use typedis::cmd::builders::replies::ClusterGetslotmigrationsEntry;
}
mod p648 {
    use typedis::cmd::builders::replies::ClusterLinksEntry;
}
mod p649 {
    use typedis::cmd::builders::replies::ClusterShardsEntry;
}
mod p650 {
    use typedis::cmd::builders::replies::ClusterShardsNode;
}
mod p651 {
    use typedis::cmd::builders::replies::ClusterSlotStatsUsageStatistics;
}
mod p652 {
    use typedis::cmd::builders::replies::ClusterscanReply;
}
mod p653 {
    use typedis::cmd::builders::replies::CommandDocsArgument;
}
mod p654 {
    use typedis::cmd::builders::replies::CommandDocsEntry;
}
mod p655 {
    use typedis::cmd::builders::replies::CommandInfoEntry;
}
mod p656 {
    use typedis::cmd::builders::replies::CommandInfoKeySpec;
}
mod p657 {
    use typedis::cmd::builders::replies::CommandInfoKeySpecBeginSearch;
}
mod p658 {
    use typedis::cmd::builders::replies::CommandInfoKeySpecBeginSearchSpec;
}
mod p659 {
    use typedis::cmd::builders::replies::CommandInfoKeySpecBeginSearchSpecKeyword;
}
mod p660 {
    use typedis::cmd::builders::replies::CommandInfoKeySpecFindKeys;
}
mod p661 {
    use typedis::cmd::builders::replies::CommandInfoKeySpecFindKeysSpec;
}
mod p662 {
    use typedis::cmd::builders::replies::CommandInfoKeySpecFindKeysSpecKeynum;
}
mod p663 {
    use typedis::cmd::builders::replies::FunctionListEntry;
}
mod p664 {
    use typedis::cmd::builders::replies::FunctionListFunction;
}
mod p665 {
    use typedis::cmd::builders::replies::FunctionStatsEngine;
}
mod p666 {
    use typedis::cmd::builders::replies::FunctionStatsReply;
}
mod p667 {
    use typedis::cmd::builders::replies::FunctionStatsRunningScript;
}
mod p668 {
    use typedis::cmd::builders::replies::HelloModule;
}
mod p669 {
    use typedis::cmd::builders::replies::HelloReply;
}
mod p670 {
    use typedis::cmd::builders::replies::LatencyHistogramEntry;
}
mod p671 {
    use typedis::cmd::builders::replies::LatencyLatestEntry;
}
mod p672 {
    use typedis::cmd::builders::replies::LcsIdxReply;
}
mod p673 {
    use typedis::cmd::builders::replies::MemoryStatsReply;
}
mod p674 {
    use typedis::cmd::builders::replies::ModuleListEntry;
}
mod p675 {
    use typedis::cmd::builders::replies::SlowlogGetEntry;
}
mod p676 {
    use typedis::cmd::builders::replies::VinfoReply;
}
mod p677 {
    use typedis::cmd::builders::replies::XautoclaimJustidReply;
}
mod p678 {
    use typedis::cmd::builders::replies::XautoclaimReply;
}
mod p679 {
    use typedis::cmd::builders::replies::XinfoConsumersEntry;
}
mod p680 {
    use typedis::cmd::builders::replies::XinfoGroupsEntry;
}
mod p681 {
    use typedis::cmd::builders::replies::XinfoStreamFullGroup;
}
mod p682 {
    use typedis::cmd::builders::replies::XinfoStreamFullGroupConsumer;
}
mod p683 {
    use typedis::cmd::builders::replies::XinfoStreamFullReply;
}
mod p684 {
    use typedis::cmd::builders::replies::XinfoStreamReply;
}
mod p685 {
    use typedis::cmd::builders::replies::XpendingRangeEntry;
}
mod p686 {
    use typedis::cmd::builders::replies::XpendingReply;
}
mod p687 {
    use typedis::cmd::builders::reset::Ready;
}
mod p688 {
    use typedis::cmd::builders::restore::NeedKey;
}
mod p689 {
    use typedis::cmd::builders::restore::NeedSerializedValue;
}
mod p690 {
    use typedis::cmd::builders::restore::NeedTtl;
}
mod p691 {
    use typedis::cmd::builders::restore::Ready;
}
mod p692 {
    use typedis::cmd::builders::restore_asking::NeedKey;
}
mod p693 {
    use typedis::cmd::builders::restore_asking::NeedSerializedValue;
}
mod p694 {
    use typedis::cmd::builders::restore_asking::NeedTtl;
}
mod p695 {
    use typedis::cmd::builders::restore_asking::Ready;
}
mod p696 {
    use typedis::cmd::builders::role::Ready;
}
mod p697 {
    use typedis::cmd::builders::rpop::NeedKey;
}
mod p698 {
    use typedis::cmd::builders::rpop::Ready;
}
mod p699 {
    use typedis::cmd::builders::rpoplpush::NeedDestination;
}
mod p700 {
    use typedis::cmd::builders::rpoplpush::NeedSource;
}
mod p701 {
    use typedis::cmd::builders::rpoplpush::Ready;
}
mod p702 {
    use typedis::cmd::builders::rpush::NeedElement;
}
mod p703 {
    use typedis::cmd::builders::rpush::NeedKey;
}
mod p704 {
    use typedis::cmd::builders::rpush::Ready;
}
mod p705 {
    use typedis::cmd::builders::rpushx::NeedElement;
}
mod p706 {
    use typedis::cmd::builders::rpushx::NeedKey;
}
mod p707 {
    use typedis::cmd::builders::rpushx::Ready;
}
mod p708 {
    use typedis::cmd::builders::sadd::NeedKey;
}
mod p709 {
    use typedis::cmd::builders::sadd::NeedMember;
}
mod p710 {
    use typedis::cmd::builders::sadd::Ready;
}
mod p711 {
    use typedis::cmd::builders::save::Ready;
}
mod p712 {
    use typedis::cmd::builders::scan::NeedCursor;
}
mod p713 {
    use typedis::cmd::builders::scan::Ready;
}
mod p714 {
    use typedis::cmd::builders::scard::NeedKey;
}
mod p715 {
    use typedis::cmd::builders::scard::Ready;
}
mod p716 {
    use typedis::cmd::builders::script_debug::NeedMode;
}
mod p717 {
    use typedis::cmd::builders::script_debug::Ready;
}
mod p718 {
    use typedis::cmd::builders::script_exists::NeedSha1;
}
mod p719 {
    use typedis::cmd::builders::script_exists::Ready;
}
mod p720 {
    use typedis::cmd::builders::script_flush::Ready;
}
mod p721 {
    use typedis::cmd::builders::script_help::Ready;
}
mod p722 {
    use typedis::cmd::builders::script_kill::Ready;
}
mod p723 {
    use typedis::cmd::builders::script_load::NeedScript;
}
mod p724 {
    use typedis::cmd::builders::script_load::Ready;
}
mod p725 {
    use typedis::cmd::builders::script_show::NeedSha1;
}
mod p726 {
    use typedis::cmd::builders::script_show::Ready;
}
mod p727 {
    use typedis::cmd::builders::sdiff::NeedKey;
}
mod p728 {
    use typedis::cmd::builders::sdiff::Ready;
}
mod p729 {
    use typedis::cmd::builders::sdiffstore::NeedDestination;
}
mod p730 {
    use typedis::cmd::builders::sdiffstore::NeedKey;
}
mod p731 {
    use typedis::cmd::builders::sdiffstore::Ready;
}
mod p732 {
    use typedis::cmd::builders::select::NeedIndex;
}
mod p733 {
    use typedis::cmd::builders::select::Ready;
}
mod p734 {
    use typedis::cmd::builders::set::NeedKey;
}
mod p735 {
    use typedis::cmd::builders::set::NeedValue;
}
mod p736 {
    use typedis::cmd::builders::set::Ready;
}
mod p737 {
    use typedis::cmd::builders::setbit::NeedKey;
}
mod p738 {
    use typedis::cmd::builders::setbit::NeedOffset;
}
mod p739 {
    use typedis::cmd::builders::setbit::NeedValue;
}
mod p740 {
    use typedis::cmd::builders::setbit::Ready;
}
mod p741 {
    use typedis::cmd::builders::setex::NeedKey;
}
mod p742 {
    use typedis::cmd::builders::setex::NeedSeconds;
}
mod p743 {
    use typedis::cmd::builders::setex::NeedValue;
}
mod p744 {
    use typedis::cmd::builders::setex::Ready;
}
mod p745 {
    use typedis::cmd::builders::setnx::NeedKey;
}
mod p746 {
    use typedis::cmd::builders::setnx::NeedValue;
}
mod p747 {
    use typedis::cmd::builders::setnx::Ready;
}
mod p748 {
    use typedis::cmd::builders::setrange::NeedKey;
}
mod p749 {
    use typedis::cmd::builders::setrange::NeedOffset;
}
mod p750 {
    use typedis::cmd::builders::setrange::NeedValue;
}
mod p751 {
    use typedis::cmd::builders::setrange::Ready;
}
mod p752 {
    use typedis::cmd::builders::shutdown::Ready;
}
mod p753 {
    use typedis::cmd::builders::sinter::NeedKey;
}
mod p754 {
    use typedis::cmd::builders::sinter::Ready;
}
mod p755 {
    use typedis::cmd::builders::sintercard::NeedKey;
}
mod p756 {
    use typedis::cmd::builders::sintercard::Ready;
}
mod p757 {
    use typedis::cmd::builders::sinterstore::NeedDestination;
}
mod p758 {
    use typedis::cmd::builders::sinterstore::NeedKey;
}
mod p759 {
    use typedis::cmd::builders::sinterstore::Ready;
}
mod p760 {
    use typedis::cmd::builders::sismember::NeedKey;
}
mod p761 {
    use typedis::cmd::builders::sismember::NeedMember;
}
mod p762 {
    use typedis::cmd::builders::sismember::Ready;
}
mod p763 {
    use typedis::cmd::builders::slaveof::NeedArgs;
}
mod p764 {
    use typedis::cmd::builders::slaveof::Ready;
}
mod p765 {
    use typedis::cmd::builders::slowlog_get::Ready;
}
mod p766 {
    use typedis::cmd::builders::slowlog_help::Ready;
}
mod p767 {
    use typedis::cmd::builders::slowlog_len::Ready;
}
mod p768 {
    use typedis::cmd::builders::slowlog_reset::Ready;
}
mod p769 {
    use typedis::cmd::builders::smembers::NeedKey;
}
mod p770 {
    use typedis::cmd::builders::smembers::Ready;
}
mod p771 {
    use typedis::cmd::builders::smismember::NeedKey;
}
mod p772 {
    use typedis::cmd::builders::smismember::NeedMember;
}
mod p773 {
    use typedis::cmd::builders::smismember::Ready;
}
mod p774 {
    use typedis::cmd::builders::smove::NeedDestination;
}
mod p775 {
    use typedis::cmd::builders::smove::NeedMember;
}
mod p776 {
    use typedis::cmd::builders::smove::NeedSource;
}
mod p777 {
    use typedis::cmd::builders::smove::Ready;
}
mod p778 {
    use typedis::cmd::builders::sort::NeedKey;
}
mod p779 {
    use typedis::cmd::builders::sort::Ready;
}
mod p780 {
    use typedis::cmd::builders::sort_ro::NeedKey;
}
mod p781 {
    use typedis::cmd::builders::sort_ro::Ready;
}
mod p782 {
    use typedis::cmd::builders::spop::NeedKey;
}
mod p783 {
    use typedis::cmd::builders::spop::Ready;
}
mod p784 {
    use typedis::cmd::builders::spublish::NeedMessage;
}
mod p785 {
    use typedis::cmd::builders::spublish::NeedShardchannel;
}
mod p786 {
    use typedis::cmd::builders::spublish::Ready;
}
mod p787 {
    use typedis::cmd::builders::srandmember::NeedKey;
}
mod p788 {
    use typedis::cmd::builders::srandmember::Ready;
}
mod p789 {
    use typedis::cmd::builders::srem::NeedKey;
}
mod p790 {
    use typedis::cmd::builders::srem::NeedMember;
}
mod p791 {
    use typedis::cmd::builders::srem::Ready;
}
mod p792 {
    use typedis::cmd::builders::sscan::NeedCursor;
}
mod p793 {
    use typedis::cmd::builders::sscan::NeedKey;
}
mod p794 {
    use typedis::cmd::builders::sscan::Ready;
}
mod p795 {
    use typedis::cmd::builders::ssubscribe::NeedShardchannel;
}
mod p796 {
    use typedis::cmd::builders::ssubscribe::Ready;
}
mod p797 {
    use typedis::cmd::builders::strlen::NeedKey;
}
mod p798 {
    use typedis::cmd::builders::strlen::Ready;
}
mod p799 {
    use typedis::cmd::builders::subscribe::NeedChannel;
}
mod p800 {
    use typedis::cmd::builders::subscribe::Ready;
}
mod p801 {
    use typedis::cmd::builders::substr::NeedEnd;
}
mod p802 {
    use typedis::cmd::builders::substr::NeedKey;
}
mod p803 {
    use typedis::cmd::builders::substr::NeedStart;
}
mod p804 {
    use typedis::cmd::builders::substr::Ready;
}
mod p805 {
    use typedis::cmd::builders::sunion::NeedKey;
}
mod p806 {
    use typedis::cmd::builders::sunion::Ready;
}
mod p807 {
    use typedis::cmd::builders::sunionstore::NeedDestination;
}
mod p808 {
    use typedis::cmd::builders::sunionstore::NeedKey;
}
mod p809 {
    use typedis::cmd::builders::sunionstore::Ready;
}
mod p810 {
    use typedis::cmd::builders::sunsubscribe::Ready;
}
mod p811 {
    use typedis::cmd::builders::swapdb::NeedIndex1;
}
mod p812 {
    use typedis::cmd::builders::swapdb::NeedIndex2;
}
mod p813 {
    use typedis::cmd::builders::swapdb::Ready;
}
mod p814 {
    use typedis::cmd::builders::sync::Ready;
}
mod p815 {
    use typedis::cmd::builders::time::Ready;
}
mod p816 {
    use typedis::cmd::builders::touch::NeedKey;
}
mod p817 {
    use typedis::cmd::builders::touch::Ready;
}
mod p818 {
    use typedis::cmd::builders::ttl::NeedKey;
}
mod p819 {
    use typedis::cmd::builders::ttl::Ready;
}
mod p820 {
    use typedis::cmd::builders::r#type::NeedKey;
}
mod p821 {
    use typedis::cmd::builders::r#type::Ready;
}
mod p822 {
    use typedis::cmd::builders::unlink::NeedKey;
}
mod p823 {
    use typedis::cmd::builders::unlink::Ready;
}
mod p824 {
    use typedis::cmd::builders::unsubscribe::Ready;
}
mod p825 {
    use typedis::cmd::builders::unwatch::Ready;
}
mod p826 {
    use typedis::cmd::builders::vadd::NeedElement;
}
mod p827 {
    use typedis::cmd::builders::vadd::NeedKey;
}
mod p828 {
    use typedis::cmd::builders::vadd::NeedVector;
}
mod p829 {
    use typedis::cmd::builders::vadd::Ready;
}
mod p830 {
    use typedis::cmd::builders::vcard::NeedKey;
}
mod p831 {
    use typedis::cmd::builders::vcard::Ready;
}
mod p832 {
    use typedis::cmd::builders::vdim::NeedKey;
}
mod p833 {
    use typedis::cmd::builders::vdim::Ready;
}
mod p834 {
    use typedis::cmd::builders::vemb::NeedElement;
}
mod p835 {
    use typedis::cmd::builders::vemb::NeedKey;
}
mod p836 {
    use typedis::cmd::builders::vemb::Ready;
}
mod p837 {
    use typedis::cmd::builders::vgetattr::NeedElement;
}
mod p838 {
    use typedis::cmd::builders::vgetattr::NeedKey;
}
mod p839 {
    use typedis::cmd::builders::vgetattr::Ready;
}
mod p840 {
    use typedis::cmd::builders::vinfo::NeedKey;
}
mod p841 {
    use typedis::cmd::builders::vinfo::Ready;
}
mod p842 {
    use typedis::cmd::builders::vismember::NeedElement;
}
mod p843 {
    use typedis::cmd::builders::vismember::NeedKey;
}
mod p844 {
    use typedis::cmd::builders::vismember::Ready;
}
mod p845 {
    use typedis::cmd::builders::vlinks::NeedElement;
}
mod p846 {
    use typedis::cmd::builders::vlinks::NeedKey;
}
mod p847 {
    use typedis::cmd::builders::vlinks::Ready;
}
mod p848 {
    use typedis::cmd::builders::vrandmember::NeedKey;
}
mod p849 {
    use typedis::cmd::builders::vrandmember::Ready;
}
mod p850 {
    use typedis::cmd::builders::vrem::NeedElement;
}
mod p851 {
    use typedis::cmd::builders::vrem::NeedKey;
}
mod p852 {
    use typedis::cmd::builders::vrem::Ready;
}
mod p853 {
    use typedis::cmd::builders::vsetattr::NeedElement;
}
mod p854 {
    use typedis::cmd::builders::vsetattr::NeedJson;
}
mod p855 {
    use typedis::cmd::builders::vsetattr::NeedKey;
}
mod p856 {
    use typedis::cmd::builders::vsetattr::Ready;
}
mod p857 {
    use typedis::cmd::builders::vsim::NeedKey;
}
mod p858 {
    use typedis::cmd::builders::vsim::NeedQuery;
}
mod p859 {
    use typedis::cmd::builders::vsim::Ready;
}
mod p860 {
    use typedis::cmd::builders::wait::NeedNumreplicas;
}
mod p861 {
    use typedis::cmd::builders::wait::NeedTimeout;
}
mod p862 {
    use typedis::cmd::builders::wait::Ready;
}
mod p863 {
    use typedis::cmd::builders::waitaof::NeedNumlocal;
}
mod p864 {
    use typedis::cmd::builders::waitaof::NeedNumreplicas;
}
mod p865 {
    use typedis::cmd::builders::waitaof::NeedTimeout;
}
mod p866 {
    use typedis::cmd::builders::waitaof::Ready;
}
mod p867 {
    use typedis::cmd::builders::watch::NeedKey;
}
mod p868 {
    use typedis::cmd::builders::watch::Ready;
}
mod p869 {
    use typedis::cmd::builders::xack::NeedGroup;
}
mod p870 {
    use typedis::cmd::builders::xack::NeedId;
}
mod p871 {
    use typedis::cmd::builders::xack::NeedKey;
}
mod p872 {
    use typedis::cmd::builders::xack::Ready;
}
mod p873 {
    use typedis::cmd::builders::xackdel::NeedGroup;
}
mod p874 {
    use typedis::cmd::builders::xackdel::NeedId;
}
mod p875 {
    use typedis::cmd::builders::xackdel::NeedKey;
}
mod p876 {
    use typedis::cmd::builders::xackdel::Ready;
}
mod p877 {
    use typedis::cmd::builders::xadd::NeedData;
}
mod p878 {
    use typedis::cmd::builders::xadd::NeedIdSelector;
}
mod p879 {
    use typedis::cmd::builders::xadd::NeedKey;
}
mod p880 {
    use typedis::cmd::builders::xadd::Ready;
}
mod p881 {
    use typedis::cmd::builders::xautoclaim::NeedConsumer;
}
mod p882 {
    use typedis::cmd::builders::xautoclaim::NeedGroup;
}
mod p883 {
    use typedis::cmd::builders::xautoclaim::NeedKey;
}
mod p884 {
    use typedis::cmd::builders::xautoclaim::NeedMinIdleTime;
}
mod p885 {
    use typedis::cmd::builders::xautoclaim::NeedStart;
}
mod p886 {
    use typedis::cmd::builders::xautoclaim::Ready;
}
mod p887 {
    use typedis::cmd::builders::xclaim::NeedConsumer;
}
mod p888 {
    use typedis::cmd::builders::xclaim::NeedGroup;
}
mod p889 {
    use typedis::cmd::builders::xclaim::NeedId;
}
mod p890 {
    use typedis::cmd::builders::xclaim::NeedKey;
}
mod p891 {
    use typedis::cmd::builders::xclaim::NeedMinIdleTime;
}
mod p892 {
    use typedis::cmd::builders::xclaim::Ready;
}
mod p893 {
    use typedis::cmd::builders::xdel::NeedId;
}
mod p894 {
    use typedis::cmd::builders::xdel::NeedKey;
}
mod p895 {
    use typedis::cmd::builders::xdel::Ready;
}
mod p896 {
    use typedis::cmd::builders::xdelex::NeedId;
}
mod p897 {
    use typedis::cmd::builders::xdelex::NeedKey;
}
mod p898 {
    use typedis::cmd::builders::xdelex::Ready;
}
mod p899 {
    use typedis::cmd::builders::xgroup_create::NeedGroup;
}
mod p900 {
    use typedis::cmd::builders::xgroup_create::NeedIdSelector;
}
mod p901 {
    use typedis::cmd::builders::xgroup_create::NeedKey;
}
mod p902 {
    use typedis::cmd::builders::xgroup_create::Ready;
}
mod p903 {
    use typedis::cmd::builders::xgroup_createconsumer::NeedConsumer;
}
mod p904 {
    use typedis::cmd::builders::xgroup_createconsumer::NeedGroup;
}
mod p905 {
    use typedis::cmd::builders::xgroup_createconsumer::NeedKey;
}
mod p906 {
    use typedis::cmd::builders::xgroup_createconsumer::Ready;
}
mod p907 {
    use typedis::cmd::builders::xgroup_delconsumer::NeedConsumer;
}
mod p908 {
    use typedis::cmd::builders::xgroup_delconsumer::NeedGroup;
}
mod p909 {
    use typedis::cmd::builders::xgroup_delconsumer::NeedKey;
}
mod p910 {
    use typedis::cmd::builders::xgroup_delconsumer::Ready;
}
mod p911 {
    use typedis::cmd::builders::xgroup_destroy::NeedGroup;
}
mod p912 {
    use typedis::cmd::builders::xgroup_destroy::NeedKey;
}
mod p913 {
    use typedis::cmd::builders::xgroup_destroy::Ready;
}
mod p914 {
    use typedis::cmd::builders::xgroup_help::Ready;
}
mod p915 {
    use typedis::cmd::builders::xgroup_setid::NeedGroup;
}
mod p916 {
    use typedis::cmd::builders::xgroup_setid::NeedIdSelector;
}
mod p917 {
    use typedis::cmd::builders::xgroup_setid::NeedKey;
}
mod p918 {
    use typedis::cmd::builders::xgroup_setid::Ready;
}
mod p919 {
    use typedis::cmd::builders::xinfo_consumers::NeedGroup;
}
mod p920 {
    use typedis::cmd::builders::xinfo_consumers::NeedKey;
}
mod p921 {
    use typedis::cmd::builders::xinfo_consumers::Ready;
}
mod p922 {
    use typedis::cmd::builders::xinfo_groups::NeedKey;
}
mod p923 {
    use typedis::cmd::builders::xinfo_groups::Ready;
}
mod p924 {
    use typedis::cmd::builders::xinfo_help::Ready;
}
mod p925 {
    use typedis::cmd::builders::xinfo_stream::NeedKey;
}
mod p926 {
    use typedis::cmd::builders::xinfo_stream::Ready;
}
mod p927 {
    use typedis::cmd::builders::xlen::NeedKey;
}
mod p928 {
    use typedis::cmd::builders::xlen::Ready;
}
mod p929 {
    use typedis::cmd::builders::xpending::NeedGroup;
}
mod p930 {
    use typedis::cmd::builders::xpending::NeedKey;
}
mod p931 {
    use typedis::cmd::builders::xpending::Ready;
}
mod p932 {
    use typedis::cmd::builders::xrange::NeedEnd;
}
mod p933 {
    use typedis::cmd::builders::xrange::NeedKey;
}
mod p934 {
    use typedis::cmd::builders::xrange::NeedStart;
}
mod p935 {
    use typedis::cmd::builders::xrange::Ready;
}
mod p936 {
    use typedis::cmd::builders::xread::NeedId;
}
mod p937 {
    use typedis::cmd::builders::xread::NeedKey;
}
mod p938 {
    use typedis::cmd::builders::xread::Ready;
}
mod p939 {
    use typedis::cmd::builders::xreadgroup::NeedGroupBlock;
}
mod p940 {
    use typedis::cmd::builders::xreadgroup::NeedId;
}
mod p941 {
    use typedis::cmd::builders::xreadgroup::NeedKey;
}
mod p942 {
    use typedis::cmd::builders::xreadgroup::Ready;
}
mod p943 {
    use typedis::cmd::builders::xrevrange::NeedEnd;
}
mod p944 {
    use typedis::cmd::builders::xrevrange::NeedKey;
}
mod p945 {
    use typedis::cmd::builders::xrevrange::NeedStart;
}
mod p946 {
    use typedis::cmd::builders::xrevrange::Ready;
}
mod p947 {
    use typedis::cmd::builders::xsetid::NeedKey;
}
mod p948 {
    use typedis::cmd::builders::xsetid::NeedLastId;
}
mod p949 {
    use typedis::cmd::builders::xsetid::Ready;
}
mod p950 {
    use typedis::cmd::builders::xtrim::NeedKey;
}
mod p951 {
    use typedis::cmd::builders::xtrim::NeedStrategy;
}
mod p952 {
    use typedis::cmd::builders::xtrim::NeedThreshold;
}
mod p953 {
    use typedis::cmd::builders::xtrim::Ready;
}
mod p954 {
    use typedis::cmd::builders::zadd::NeedData;
}
mod p955 {
    use typedis::cmd::builders::zadd::NeedKey;
}
mod p956 {
    use typedis::cmd::builders::zadd::Ready;
}
mod p957 {
    use typedis::cmd::builders::zcard::NeedKey;
}
mod p958 {
    use typedis::cmd::builders::zcard::Ready;
}
mod p959 {
    use typedis::cmd::builders::zcount::NeedKey;
}
mod p960 {
    use typedis::cmd::builders::zcount::NeedMax;
}
mod p961 {
    use typedis::cmd::builders::zcount::NeedMin;
}
mod p962 {
    use typedis::cmd::builders::zcount::Ready;
}
mod p963 {
    use typedis::cmd::builders::zdiff::NeedKey;
}
mod p964 {
    use typedis::cmd::builders::zdiff::Ready;
}
mod p965 {
    use typedis::cmd::builders::zdiffstore::NeedDestination;
}
mod p966 {
    use typedis::cmd::builders::zdiffstore::NeedKey;
}
mod p967 {
    use typedis::cmd::builders::zdiffstore::Ready;
}
mod p968 {
    use typedis::cmd::builders::zincrby::NeedIncrement;
}
mod p969 {
    use typedis::cmd::builders::zincrby::NeedKey;
}
mod p970 {
    use typedis::cmd::builders::zincrby::NeedMember;
}
mod p971 {
    use typedis::cmd::builders::zincrby::Ready;
}
mod p972 {
    use typedis::cmd::builders::zinter::NeedKey;
}
mod p973 {
    use typedis::cmd::builders::zinter::Ready;
}
mod p974 {
    use typedis::cmd::builders::zintercard::NeedKey;
}
mod p975 {
    use typedis::cmd::builders::zintercard::Ready;
}
mod p976 {
    use typedis::cmd::builders::zinterstore::NeedDestination;
}
mod p977 {
    use typedis::cmd::builders::zinterstore::NeedKey;
}
mod p978 {
    use typedis::cmd::builders::zinterstore::Ready;
}
mod p979 {
    use typedis::cmd::builders::zlexcount::NeedKey;
}
mod p980 {
    use typedis::cmd::builders::zlexcount::NeedMax;
}
mod p981 {
    use typedis::cmd::builders::zlexcount::NeedMin;
}
mod p982 {
    use typedis::cmd::builders::zlexcount::Ready;
}
mod p983 {
    use typedis::cmd::builders::zmpop::NeedKey;
}
mod p984 {
    use typedis::cmd::builders::zmpop::NeedWhere;
}
mod p985 {
    use typedis::cmd::builders::zmpop::Ready;
}
mod p986 {
    use typedis::cmd::builders::zmscore::NeedKey;
}
mod p987 {
    use typedis::cmd::builders::zmscore::NeedMember;
}
mod p988 {
    use typedis::cmd::builders::zmscore::Ready;
}
mod p989 {
    use typedis::cmd::builders::zpopmax::NeedKey;
}
mod p990 {
    use typedis::cmd::builders::zpopmax::Ready;
}
mod p991 {
    use typedis::cmd::builders::zpopmin::NeedKey;
}
mod p992 {
    use typedis::cmd::builders::zpopmin::Ready;
}
mod p993 {
    use typedis::cmd::builders::zrandmember::NeedKey;
}
mod p994 {
    use typedis::cmd::builders::zrandmember::Ready;
}
mod p995 {
    use typedis::cmd::builders::zrange::NeedKey;
}
mod p996 {
    use typedis::cmd::builders::zrange::NeedStart;
}
mod p997 {
    use typedis::cmd::builders::zrange::NeedStop;
}
mod p998 {
    use typedis::cmd::builders::zrange::Ready;
}
mod p999 {
    use typedis::cmd::builders::zrangebylex::NeedKey;
}
mod p1000 {
    use typedis::cmd::builders::zrangebylex::NeedMax;
}
mod p1001 {
    use typedis::cmd::builders::zrangebylex::NeedMin;
}
mod p1002 {
    use typedis::cmd::builders::zrangebylex::Ready;
}
mod p1003 {
    use typedis::cmd::builders::zrangebyscore::NeedKey;
}
mod p1004 {
    use typedis::cmd::builders::zrangebyscore::NeedMax;
}
mod p1005 {
    use typedis::cmd::builders::zrangebyscore::NeedMin;
}
mod p1006 {
    use typedis::cmd::builders::zrangebyscore::Ready;
}
mod p1007 {
    use typedis::cmd::builders::zrangestore::NeedDst;
}
mod p1008 {
    use typedis::cmd::builders::zrangestore::NeedMax;
}
mod p1009 {
    use typedis::cmd::builders::zrangestore::NeedMin;
}
mod p1010 {
    use typedis::cmd::builders::zrangestore::NeedSrc;
}
mod p1011 {
    use typedis::cmd::builders::zrangestore::Ready;
}
mod p1012 {
    use typedis::cmd::builders::zrank::NeedKey;
}
mod p1013 {
    use typedis::cmd::builders::zrank::NeedMember;
}
mod p1014 {
    use typedis::cmd::builders::zrank::Ready;
}
mod p1015 {
    use typedis::cmd::builders::zrem::NeedKey;
}
mod p1016 {
    use typedis::cmd::builders::zrem::NeedMember;
}
mod p1017 {
    use typedis::cmd::builders::zrem::Ready;
}
mod p1018 {
    use typedis::cmd::builders::zremrangebylex::NeedKey;
}
mod p1019 {
    use typedis::cmd::builders::zremrangebylex::NeedMax;
}
mod p1020 {
    use typedis::cmd::builders::zremrangebylex::NeedMin;
}
mod p1021 {
    use typedis::cmd::builders::zremrangebylex::Ready;
}
mod p1022 {
    use typedis::cmd::builders::zremrangebyrank::NeedKey;
}
mod p1023 {
    use typedis::cmd::builders::zremrangebyrank::NeedStart;
}
mod p1024 {
    use typedis::cmd::builders::zremrangebyrank::NeedStop;
}
mod p1025 {
    use typedis::cmd::builders::zremrangebyrank::Ready;
}
mod p1026 {
    use typedis::cmd::builders::zremrangebyscore::NeedKey;
}
mod p1027 {
    use typedis::cmd::builders::zremrangebyscore::NeedMax;
}
mod p1028 {
    use typedis::cmd::builders::zremrangebyscore::NeedMin;
}
mod p1029 {
    use typedis::cmd::builders::zremrangebyscore::Ready;
}
mod p1030 {
    use typedis::cmd::builders::zrevrange::NeedKey;
}
mod p1031 {
    use typedis::cmd::builders::zrevrange::NeedStart;
}
mod p1032 {
    use typedis::cmd::builders::zrevrange::NeedStop;
}
mod p1033 {
    use typedis::cmd::builders::zrevrange::Ready;
}
mod p1034 {
    use typedis::cmd::builders::zrevrangebylex::NeedKey;
}
mod p1035 {
    use typedis::cmd::builders::zrevrangebylex::NeedMax;
}
mod p1036 {
    use typedis::cmd::builders::zrevrangebylex::NeedMin;
}
mod p1037 {
    use typedis::cmd::builders::zrevrangebylex::Ready;
}
mod p1038 {
    use typedis::cmd::builders::zrevrangebyscore::NeedKey;
}
mod p1039 {
    use typedis::cmd::builders::zrevrangebyscore::NeedMax;
}
mod p1040 {
    use typedis::cmd::builders::zrevrangebyscore::NeedMin;
}
mod p1041 {
    use typedis::cmd::builders::zrevrangebyscore::Ready;
}
mod p1042 {
    use typedis::cmd::builders::zrevrank::NeedKey;
}
mod p1043 {
    use typedis::cmd::builders::zrevrank::NeedMember;
}
mod p1044 {
    use typedis::cmd::builders::zrevrank::Ready;
}
mod p1045 {
    use typedis::cmd::builders::zscan::NeedCursor;
}
mod p1046 {
    use typedis::cmd::builders::zscan::NeedKey;
}
mod p1047 {
    use typedis::cmd::builders::zscan::Ready;
}
mod p1048 {
    use typedis::cmd::builders::zscore::NeedKey;
}
mod p1049 {
    use typedis::cmd::builders::zscore::NeedMember;
}
mod p1050 {
    use typedis::cmd::builders::zscore::Ready;
}
mod p1051 {
    use typedis::cmd::builders::zunion::NeedKey;
}
mod p1052 {
    use typedis::cmd::builders::zunion::Ready;
}
mod p1053 {
    use typedis::cmd::builders::zunionstore::NeedDestination;
}
mod p1054 {
    use typedis::cmd::builders::zunionstore::NeedKey;
}
mod p1055 {
    use typedis::cmd::builders::zunionstore::Ready;
}
mod p1056 {
    use typedis::cmd::cmd;
}
mod p1057 {
    use typedis::cmd::crc16;
}
mod p1058 {
    use typedis::cmd::key_slot;
}
mod p1059 {
    use typedis::cmd::modules::bloom::bf_add::NeedItem;
}
mod p1060 {
    use typedis::cmd::modules::bloom::bf_add::NeedKey;
}
mod p1061 {
    use typedis::cmd::modules::bloom::bf_add::Ready;
}
mod p1062 {
    use typedis::cmd::modules::bloom::bf_card::NeedKey;
}
mod p1063 {
    use typedis::cmd::modules::bloom::bf_card::Ready;
}
mod p1064 {
    use typedis::cmd::modules::bloom::bf_debug::NeedKey;
}
mod p1065 {
    use typedis::cmd::modules::bloom::bf_debug::Ready;
}
mod p1066 {
    use typedis::cmd::modules::bloom::bf_exists::NeedItem;
}
mod p1067 {
    use typedis::cmd::modules::bloom::bf_exists::NeedKey;
}
mod p1068 {
    use typedis::cmd::modules::bloom::bf_exists::Ready;
}
mod p1069 {
    use typedis::cmd::modules::bloom::bf_info::NeedKey;
}
mod p1070 {
    use typedis::cmd::modules::bloom::bf_info::Ready;
}
mod p1071 {
    use typedis::cmd::modules::bloom::bf_insert::NeedItem;
}
mod p1072 {
    use typedis::cmd::modules::bloom::bf_insert::NeedKey;
}
mod p1073 {
    use typedis::cmd::modules::bloom::bf_insert::Ready;
}
mod p1074 {
    use typedis::cmd::modules::bloom::bf_loadchunk::NeedData;
}
mod p1075 {
    use typedis::cmd::modules::bloom::bf_loadchunk::NeedIterator;
}
mod p1076 {
    use typedis::cmd::modules::bloom::bf_loadchunk::NeedKey;
}
mod p1077 {
    use typedis::cmd::modules::bloom::bf_loadchunk::Ready;
}
mod p1078 {
    use typedis::cmd::modules::bloom::bf_madd::NeedItem;
}
mod p1079 {
    use typedis::cmd::modules::bloom::bf_madd::NeedKey;
}
mod p1080 {
    use typedis::cmd::modules::bloom::bf_madd::Ready;
}
mod p1081 {
    use typedis::cmd::modules::bloom::bf_mexists::NeedItem;
}
mod p1082 {
    use typedis::cmd::modules::bloom::bf_mexists::NeedKey;
}
mod p1083 {
    use typedis::cmd::modules::bloom::bf_mexists::Ready;
}
mod p1084 {
    use typedis::cmd::modules::bloom::bf_reserve::NeedCapacity;
}
mod p1085 {
    use typedis::cmd::modules::bloom::bf_reserve::NeedErrorRate;
}
mod p1086 {
    use typedis::cmd::modules::bloom::bf_reserve::NeedKey;
}
mod p1087 {
    use typedis::cmd::modules::bloom::bf_reserve::Ready;
}
mod p1088 {
    use typedis::cmd::modules::bloom::bf_scandump::NeedIterator;
}
mod p1089 {
    use typedis::cmd::modules::bloom::bf_scandump::NeedKey;
}
mod p1090 {
    use typedis::cmd::modules::bloom::bf_scandump::Ready;
}
mod p1091 {
    use typedis::cmd::modules::bloom::cf_add::NeedItem;
}
mod p1092 {
    use typedis::cmd::modules::bloom::cf_add::NeedKey;
}
mod p1093 {
    use typedis::cmd::modules::bloom::cf_add::Ready;
}
mod p1094 {
    use typedis::cmd::modules::bloom::cf_addnx::NeedItem;
}
mod p1095 {
    use typedis::cmd::modules::bloom::cf_addnx::NeedKey;
}
mod p1096 {
    use typedis::cmd::modules::bloom::cf_addnx::Ready;
}
mod p1097 {
    use typedis::cmd::modules::bloom::cf_compact::NeedKey;
}
mod p1098 {
    use typedis::cmd::modules::bloom::cf_compact::Ready;
}
mod p1099 {
    use typedis::cmd::modules::bloom::cf_count::NeedItem;
}
mod p1100 {
    use typedis::cmd::modules::bloom::cf_count::NeedKey;
}
mod p1101 {
    use typedis::cmd::modules::bloom::cf_count::Ready;
}
mod p1102 {
    use typedis::cmd::modules::bloom::cf_debug::NeedKey;
}
mod p1103 {
    use typedis::cmd::modules::bloom::cf_debug::Ready;
}
mod p1104 {
    use typedis::cmd::modules::bloom::cf_del::NeedItem;
}
mod p1105 {
    use typedis::cmd::modules::bloom::cf_del::NeedKey;
}
mod p1106 {
    use typedis::cmd::modules::bloom::cf_del::Ready;
}
mod p1107 {
    use typedis::cmd::modules::bloom::cf_exists::NeedItem;
}
mod p1108 {
    use typedis::cmd::modules::bloom::cf_exists::NeedKey;
}
mod p1109 {
    use typedis::cmd::modules::bloom::cf_exists::Ready;
}
mod p1110 {
    use typedis::cmd::modules::bloom::cf_info::NeedKey;
}
mod p1111 {
    use typedis::cmd::modules::bloom::cf_info::Ready;
}
mod p1112 {
    use typedis::cmd::modules::bloom::cf_insert::NeedItem;
}
mod p1113 {
    use typedis::cmd::modules::bloom::cf_insert::NeedKey;
}
mod p1114 {
    use typedis::cmd::modules::bloom::cf_insert::Ready;
}
mod p1115 {
    use typedis::cmd::modules::bloom::cf_insertnx::NeedItem;
}
mod p1116 {
    use typedis::cmd::modules::bloom::cf_insertnx::NeedKey;
}
mod p1117 {
    use typedis::cmd::modules::bloom::cf_insertnx::Ready;
}
mod p1118 {
    use typedis::cmd::modules::bloom::cf_loadchunk::NeedData;
}
mod p1119 {
    use typedis::cmd::modules::bloom::cf_loadchunk::NeedIterator;
}
mod p1120 {
    use typedis::cmd::modules::bloom::cf_loadchunk::NeedKey;
}
mod p1121 {
    use typedis::cmd::modules::bloom::cf_loadchunk::Ready;
}
mod p1122 {
    use typedis::cmd::modules::bloom::cf_mexists::NeedItem;
}
mod p1123 {
    use typedis::cmd::modules::bloom::cf_mexists::NeedKey;
}
mod p1124 {
    use typedis::cmd::modules::bloom::cf_mexists::Ready;
}
mod p1125 {
    use typedis::cmd::modules::bloom::cf_reserve::NeedCapacity;
}
mod p1126 {
    use typedis::cmd::modules::bloom::cf_reserve::NeedKey;
}
mod p1127 {
    use typedis::cmd::modules::bloom::cf_reserve::Ready;
}
mod p1128 {
    use typedis::cmd::modules::bloom::cf_scandump::NeedIterator;
}
mod p1129 {
    use typedis::cmd::modules::bloom::cf_scandump::NeedKey;
}
mod p1130 {
    use typedis::cmd::modules::bloom::cf_scandump::Ready;
}
mod p1131 {
    use typedis::cmd::modules::bloom::cms_incrby::NeedItems;
}
mod p1132 {
    use typedis::cmd::modules::bloom::cms_incrby::NeedKey;
}
mod p1133 {
    use typedis::cmd::modules::bloom::cms_incrby::Ready;
}
mod p1134 {
    use typedis::cmd::modules::bloom::cms_info::NeedKey;
}
mod p1135 {
    use typedis::cmd::modules::bloom::cms_info::Ready;
}
mod p1136 {
    use typedis::cmd::modules::bloom::cms_initbydim::NeedDepth;
}
mod p1137 {
    use typedis::cmd::modules::bloom::cms_initbydim::NeedKey;
}
mod p1138 {
    use typedis::cmd::modules::bloom::cms_initbydim::NeedWidth;
}
mod p1139 {
    use typedis::cmd::modules::bloom::cms_initbydim::Ready;
}
mod p1140 {
    use typedis::cmd::modules::bloom::cms_initbyprob::NeedError;
}
mod p1141 {
    use typedis::cmd::modules::bloom::cms_initbyprob::NeedKey;
}
mod p1142 {
    use typedis::cmd::modules::bloom::cms_initbyprob::NeedProbability;
}
mod p1143 {
    use typedis::cmd::modules::bloom::cms_initbyprob::Ready;
}
mod p1144 {
    use typedis::cmd::modules::bloom::cms_merge::NeedDestination;
}
mod p1145 {
    use typedis::cmd::modules::bloom::cms_merge::NeedSource;
}
mod p1146 {
    use typedis::cmd::modules::bloom::cms_merge::Ready;
}
mod p1147 {
    use typedis::cmd::modules::bloom::cms_query::NeedItem;
}
mod p1148 {
    use typedis::cmd::modules::bloom::cms_query::NeedKey;
}
mod p1149 {
    use typedis::cmd::modules::bloom::cms_query::Ready;
}
mod p1150 {
    use typedis::cmd::modules::bloom::replies::BfInfoReply;
}
mod p1151 {
    use typedis::cmd::modules::bloom::replies::CfInfoReply;
}
mod p1152 {
    use typedis::cmd::modules::bloom::replies::CmsInfoReply;
}
mod p1153 {
    use typedis::cmd::modules::bloom::replies::TdigestInfoReply;
}
mod p1154 {
    use typedis::cmd::modules::bloom::replies::TopkInfoReply;
}
mod p1155 {
    use typedis::cmd::modules::bloom::tdigest_add::NeedKey;
}
mod p1156 {
    use typedis::cmd::modules::bloom::tdigest_add::NeedValue;
}
mod p1157 {
    use typedis::cmd::modules::bloom::tdigest_add::Ready;
}
mod p1158 {
    use typedis::cmd::modules::bloom::tdigest_byrank::NeedKey;
}
mod p1159 {
    use typedis::cmd::modules::bloom::tdigest_byrank::NeedRank;
}
mod p1160 {
    use typedis::cmd::modules::bloom::tdigest_byrank::Ready;
}
mod p1161 {
    use typedis::cmd::modules::bloom::tdigest_byrevrank::NeedKey;
}
mod p1162 {
    use typedis::cmd::modules::bloom::tdigest_byrevrank::NeedReverseRank;
}
mod p1163 {
    use typedis::cmd::modules::bloom::tdigest_byrevrank::Ready;
}
mod p1164 {
    use typedis::cmd::modules::bloom::tdigest_cdf::NeedKey;
}
mod p1165 {
    use typedis::cmd::modules::bloom::tdigest_cdf::NeedValue;
}
mod p1166 {
    use typedis::cmd::modules::bloom::tdigest_cdf::Ready;
}
mod p1167 {
    use typedis::cmd::modules::bloom::tdigest_create::NeedKey;
}
mod p1168 {
    use typedis::cmd::modules::bloom::tdigest_create::Ready;
}
mod p1169 {
    use typedis::cmd::modules::bloom::tdigest_info::NeedKey;
}
mod p1170 {
    use typedis::cmd::modules::bloom::tdigest_info::Ready;
}
mod p1171 {
    use typedis::cmd::modules::bloom::tdigest_max::NeedKey;
}
mod p1172 {
    use typedis::cmd::modules::bloom::tdigest_max::Ready;
}
mod p1173 {
    use typedis::cmd::modules::bloom::tdigest_merge::NeedDestinationKey;
}
mod p1174 {
    use typedis::cmd::modules::bloom::tdigest_merge::NeedSourceKey;
}
mod p1175 {
    use typedis::cmd::modules::bloom::tdigest_merge::Ready;
}
mod p1176 {
    use typedis::cmd::modules::bloom::tdigest_min::NeedKey;
}
mod p1177 {
    use typedis::cmd::modules::bloom::tdigest_min::Ready;
}
mod p1178 {
    use typedis::cmd::modules::bloom::tdigest_quantile::NeedKey;
}
mod p1179 {
    use typedis::cmd::modules::bloom::tdigest_quantile::NeedQuantile;
}
mod p1180 {
    use typedis::cmd::modules::bloom::tdigest_quantile::Ready;
}
mod p1181 {
    use typedis::cmd::modules::bloom::tdigest_rank::NeedKey;
}
mod p1182 {
    use typedis::cmd::modules::bloom::tdigest_rank::NeedValue;
}
mod p1183 {
    use typedis::cmd::modules::bloom::tdigest_rank::Ready;
}
mod p1184 {
    use typedis::cmd::modules::bloom::tdigest_reset::NeedKey;
}
mod p1185 {
    use typedis::cmd::modules::bloom::tdigest_reset::Ready;
}
mod p1186 {
    use typedis::cmd::modules::bloom::tdigest_revrank::NeedKey;
}
mod p1187 {
    use typedis::cmd::modules::bloom::tdigest_revrank::NeedValue;
}
mod p1188 {
    use typedis::cmd::modules::bloom::tdigest_revrank::Ready;
}
mod p1189 {
    use typedis::cmd::modules::bloom::tdigest_trimmed_mean::NeedHighCutQuantile;
}
mod p1190 {
    use typedis::cmd::modules::bloom::tdigest_trimmed_mean::NeedKey;
}
mod p1191 {
    use typedis::cmd::modules::bloom::tdigest_trimmed_mean::NeedLowCutQuantile;
}
mod p1192 {
    use typedis::cmd::modules::bloom::tdigest_trimmed_mean::Ready;
}
mod p1193 {
    use typedis::cmd::modules::bloom::topk_add::NeedItem;
}
mod p1194 {
    use typedis::cmd::modules::bloom::topk_add::NeedKey;
}
mod p1195 {
    use typedis::cmd::modules::bloom::topk_add::Ready;
}
mod p1196 {
    use typedis::cmd::modules::bloom::topk_count::NeedItem;
}
mod p1197 {
    use typedis::cmd::modules::bloom::topk_count::NeedKey;
}
mod p1198 {
    use typedis::cmd::modules::bloom::topk_count::Ready;
}
mod p1199 {
    use typedis::cmd::modules::bloom::topk_incrby::NeedItems;
}
mod p1200 {
    use typedis::cmd::modules::bloom::topk_incrby::NeedKey;
}
mod p1201 {
    use typedis::cmd::modules::bloom::topk_incrby::Ready;
}
mod p1202 {
    use typedis::cmd::modules::bloom::topk_info::NeedKey;
}
mod p1203 {
    use typedis::cmd::modules::bloom::topk_info::Ready;
}
mod p1204 {
    use typedis::cmd::modules::bloom::topk_list::NeedKey;
}
mod p1205 {
    use typedis::cmd::modules::bloom::topk_list::Ready;
}
mod p1206 {
    use typedis::cmd::modules::bloom::topk_query::NeedItem;
}
mod p1207 {
    use typedis::cmd::modules::bloom::topk_query::NeedKey;
}
mod p1208 {
    use typedis::cmd::modules::bloom::topk_query::Ready;
}
mod p1209 {
    use typedis::cmd::modules::bloom::topk_reserve::NeedKey;
}
mod p1210 {
    use typedis::cmd::modules::bloom::topk_reserve::NeedTopk;
}
mod p1211 {
    use typedis::cmd::modules::bloom::topk_reserve::Ready;
}
mod p1212 {
    use typedis::cmd::modules::json::json_arrappend::NeedKey;
}
mod p1213 {
    use typedis::cmd::modules::json::json_arrappend::NeedPath;
}
mod p1214 {
    use typedis::cmd::modules::json::json_arrappend::NeedValue;
}
mod p1215 {
    use typedis::cmd::modules::json::json_arrappend::Ready;
}
mod p1216 {
    use typedis::cmd::modules::json::json_arrindex::NeedKey;
}
mod p1217 {
    use typedis::cmd::modules::json::json_arrindex::NeedPath;
}
mod p1218 {
    use typedis::cmd::modules::json::json_arrindex::NeedValue;
}
mod p1219 {
    use typedis::cmd::modules::json::json_arrindex::Ready;
}
mod p1220 {
    use typedis::cmd::modules::json::json_arrinsert::NeedIndex;
}
mod p1221 {
    use typedis::cmd::modules::json::json_arrinsert::NeedKey;
}
mod p1222 {
    use typedis::cmd::modules::json::json_arrinsert::NeedPath;
}
mod p1223 {
    use typedis::cmd::modules::json::json_arrinsert::NeedValue;
}
mod p1224 {
    use typedis::cmd::modules::json::json_arrinsert::Ready;
}
mod p1225 {
    use typedis::cmd::modules::json::json_arrlen::NeedKey;
}
mod p1226 {
    use typedis::cmd::modules::json::json_arrlen::Ready;
}
mod p1227 {
    use typedis::cmd::modules::json::json_arrpop::NeedKey;
}
mod p1228 {
    use typedis::cmd::modules::json::json_arrpop::Ready;
}
mod p1229 {
    use typedis::cmd::modules::json::json_arrtrim::NeedKey;
}
mod p1230 {
    use typedis::cmd::modules::json::json_arrtrim::NeedPath;
}
mod p1231 {
    use typedis::cmd::modules::json::json_arrtrim::NeedStart;
}
mod p1232 {
    use typedis::cmd::modules::json::json_arrtrim::NeedStop;
}
mod p1233 {
    use typedis::cmd::modules::json::json_arrtrim::Ready;
}
mod p1234 {
    use typedis::cmd::modules::json::json_clear::NeedKey;
}
mod p1235 {
    use typedis::cmd::modules::json::json_clear::Ready;
}
mod p1236 {
    use typedis::cmd::modules::json::json_debug_help::Ready;
}
mod p1237 {
    use typedis::cmd::modules::json::json_debug_memory::NeedKey;
}
mod p1238 {
    use typedis::cmd::modules::json::json_debug_memory::Ready;
}
mod p1239 {
    use typedis::cmd::modules::json::json_del::NeedKey;
}
mod p1240 {
    use typedis::cmd::modules::json::json_del::Ready;
}
mod p1241 {
    use typedis::cmd::modules::json::json_forget::NeedKey;
}
mod p1242 {
    use typedis::cmd::modules::json::json_forget::Ready;
}
mod p1243 {
    use typedis::cmd::modules::json::json_get::NeedKey;
}
mod p1244 {
    use typedis::cmd::modules::json::json_get::Ready;
}
mod p1245 {
    use typedis::cmd::modules::json::json_merge::NeedKey;
}
mod p1246 {
    use typedis::cmd::modules::json::json_merge::NeedPath;
}
mod p1247 {
    use typedis::cmd::modules::json::json_merge::NeedValue;
}
mod p1248 {
    use typedis::cmd::modules::json::json_merge::Ready;
}
mod p1249 {
    use typedis::cmd::modules::json::json_mget::NeedKey;
}
mod p1250 {
    use typedis::cmd::modules::json::json_mget::NeedPath;
}
mod p1251 {
    use typedis::cmd::modules::json::json_mget::Ready;
}
mod p1252 {
    use typedis::cmd::modules::json::json_mset::NeedTriplet;
}
mod p1253 {
    use typedis::cmd::modules::json::json_mset::Ready;
}
mod p1254 {
    use typedis::cmd::modules::json::json_numincrby::NeedKey;
}
mod p1255 {
    use typedis::cmd::modules::json::json_numincrby::NeedPath;
}
mod p1256 {
    use typedis::cmd::modules::json::json_numincrby::NeedValue;
}
mod p1257 {
    use typedis::cmd::modules::json::json_numincrby::Ready;
}
mod p1258 {
    use typedis::cmd::modules::json::json_nummultby::NeedKey;
}
mod p1259 {
    use typedis::cmd::modules::json::json_nummultby::NeedPath;
}
mod p1260 {
    use typedis::cmd::modules::json::json_nummultby::NeedValue;
}
mod p1261 {
    use typedis::cmd::modules::json::json_nummultby::Ready;
}
mod p1262 {
    use typedis::cmd::modules::json::json_numpowby::NeedKey;
}
mod p1263 {
    use typedis::cmd::modules::json::json_numpowby::NeedPath;
}
mod p1264 {
    use typedis::cmd::modules::json::json_numpowby::NeedValue;
}
mod p1265 {
    use typedis::cmd::modules::json::json_numpowby::Ready;
}
mod p1266 {
    use typedis::cmd::modules::json::json_objkeys::NeedKey;
}
mod p1267 {
    use typedis::cmd::modules::json::json_objkeys::Ready;
}
mod p1268 {
    use typedis::cmd::modules::json::json_objlen::NeedKey;
}
mod p1269 {
    use typedis::cmd::modules::json::json_objlen::Ready;
}
mod p1270 {
    use typedis::cmd::modules::json::json_resp::NeedKey;
}
mod p1271 {
    use typedis::cmd::modules::json::json_resp::Ready;
}
mod p1272 {
    use typedis::cmd::modules::json::json_set::NeedKey;
}
mod p1273 {
    use typedis::cmd::modules::json::json_set::NeedPath;
}
mod p1274 {
    use typedis::cmd::modules::json::json_set::NeedValue;
}
mod p1275 {
    use typedis::cmd::modules::json::json_set::Ready;
}
mod p1276 {
    use typedis::cmd::modules::json::json_strappend::NeedKey;
}
mod p1277 {
    use typedis::cmd::modules::json::json_strappend::NeedValue;
}
mod p1278 {
    use typedis::cmd::modules::json::json_strappend::Ready;
}
mod p1279 {
    use typedis::cmd::modules::json::json_strlen::NeedKey;
}
mod p1280 {
    use typedis::cmd::modules::json::json_strlen::Ready;
}
mod p1281 {
    use typedis::cmd::modules::json::json_toggle::NeedKey;
}
mod p1282 {
    use typedis::cmd::modules::json::json_toggle::NeedPath;
}
mod p1283 {
    use typedis::cmd::modules::json::json_toggle::Ready;
}
mod p1284 {
    use typedis::cmd::modules::json::json_type::NeedKey;
}
mod p1285 {
    use typedis::cmd::modules::json::json_type::Ready;
}
mod p1286 {
    use typedis::cmd::modules::search::ft_aggregate::NeedIndex;
}
mod p1287 {
    use typedis::cmd::modules::search::ft_aggregate::NeedQuery;
}
mod p1288 {
    use typedis::cmd::modules::search::ft_aggregate::Ready;
}
mod p1289 {
    use typedis::cmd::modules::search::ft_aliasadd::NeedAlias;
}
mod p1290 {
    use typedis::cmd::modules::search::ft_aliasadd::NeedIndex;
}
mod p1291 {
    use typedis::cmd::modules::search::ft_aliasadd::Ready;
}
mod p1292 {
    use typedis::cmd::modules::search::ft_aliasdel::NeedAlias;
}
mod p1293 {
    use typedis::cmd::modules::search::ft_aliasdel::Ready;
}
mod p1294 {
    use typedis::cmd::modules::search::ft_aliasupdate::NeedAlias;
}
mod p1295 {
    use typedis::cmd::modules::search::ft_aliasupdate::NeedIndex;
}
mod p1296 {
    use typedis::cmd::modules::search::ft_aliasupdate::Ready;
}
mod p1297 {
    use typedis::cmd::modules::search::ft_alter::NeedAdd;
}
mod p1298 {
    use typedis::cmd::modules::search::ft_alter::NeedField;
}
mod p1299 {
    use typedis::cmd::modules::search::ft_alter::NeedIndex;
}
mod p1300 {
    use typedis::cmd::modules::search::ft_alter::NeedSchema;
}
mod p1301 {
    use typedis::cmd::modules::search::ft_alter::Ready;
}
mod p1302 {
    use typedis::cmd::modules::search::ft_config_get::NeedOption;
}
mod p1303 {
    use typedis::cmd::modules::search::ft_config_get::Ready;
}
mod p1304 {
    use typedis::cmd::modules::search::ft_config_help::NeedOption;
}
mod p1305 {
    use typedis::cmd::modules::search::ft_config_help::Ready;
}
mod p1306 {
    use typedis::cmd::modules::search::ft_config_set::NeedOption;
}
mod p1307 {
    use typedis::cmd::modules::search::ft_config_set::NeedValue;
}
mod p1308 {
    use typedis::cmd::modules::search::ft_config_set::Ready;
}
mod p1309 {
    use typedis::cmd::modules::search::ft_create::NeedField;
}
mod p1310 {
    use typedis::cmd::modules::search::ft_create::NeedIndex;
}
mod p1311 {
    use typedis::cmd::modules::search::ft_create::NeedSchema;
}
mod p1312 {
    use typedis::cmd::modules::search::ft_create::Ready;
}
mod p1313 {
    use typedis::cmd::modules::search::ft_cursor_del::NeedCursorId;
}
mod p1314 {
    use typedis::cmd::modules::search::ft_cursor_del::NeedIndex;
}
mod p1315 {
    use typedis::cmd::modules::search::ft_cursor_del::Ready;
}
mod p1316 {
    use typedis::cmd::modules::search::ft_cursor_read::NeedCursorId;
}
mod p1317 {
    use typedis::cmd::modules::search::ft_cursor_read::NeedIndex;
}
mod p1318 {
    use typedis::cmd::modules::search::ft_cursor_read::Ready;
}
mod p1319 {
    use typedis::cmd::modules::search::ft_dictadd::NeedDict;
}
mod p1320 {
    use typedis::cmd::modules::search::ft_dictadd::NeedTerm;
}
mod p1321 {
    use typedis::cmd::modules::search::ft_dictadd::Ready;
}
mod p1322 {
    use typedis::cmd::modules::search::ft_dictdel::NeedDict;
}
mod p1323 {
    use typedis::cmd::modules::search::ft_dictdel::NeedTerm;
}
mod p1324 {
    use typedis::cmd::modules::search::ft_dictdel::Ready;
}
mod p1325 {
    use typedis::cmd::modules::search::ft_dictdump::NeedDict;
}
mod p1326 {
    use typedis::cmd::modules::search::ft_dictdump::Ready;
}
mod p1327 {
    use typedis::cmd::modules::search::ft_dropindex::NeedIndex;
}
mod p1328 {
    use typedis::cmd::modules::search::ft_dropindex::Ready;
}
mod p1329 {
    use typedis::cmd::modules::search::ft_explain::NeedIndex;
}
mod p1330 {
    use typedis::cmd::modules::search::ft_explain::NeedQuery;
}
mod p1331 {
    use typedis::cmd::modules::search::ft_explain::Ready;
}
mod p1332 {
    use typedis::cmd::modules::search::ft_explaincli::NeedIndex;
}
mod p1333 {
    use typedis::cmd::modules::search::ft_explaincli::NeedQuery;
}
mod p1334 {
    use typedis::cmd::modules::search::ft_explaincli::Ready;
}
mod p1335 {
    use typedis::cmd::modules::search::ft_info::NeedIndex;
}
mod p1336 {
    use typedis::cmd::modules::search::ft_info::Ready;
}
mod p1337 {
    use typedis::cmd::modules::search::ft_list::Ready;
}
mod p1338 {
    use typedis::cmd::modules::search::ft_profile::NeedIndex;
}
mod p1339 {
    use typedis::cmd::modules::search::ft_profile::NeedQuery;
}
mod p1340 {
    use typedis::cmd::modules::search::ft_profile::NeedQuerytype;
}
mod p1341 {
    use typedis::cmd::modules::search::ft_profile::Ready;
}
mod p1342 {
    use typedis::cmd::modules::search::ft_search::NeedIndex;
}
mod p1343 {
    use typedis::cmd::modules::search::ft_search::NeedQuery;
}
mod p1344 {
    use typedis::cmd::modules::search::ft_search::Ready;
}
mod p1345 {
    use typedis::cmd::modules::search::ft_spellcheck::NeedIndex;
}
mod p1346 {
    use typedis::cmd::modules::search::ft_spellcheck::NeedQuery;
}
mod p1347 {
    use typedis::cmd::modules::search::ft_spellcheck::Ready;
}
mod p1348 {
    use typedis::cmd::modules::search::ft_sugadd::NeedKey;
}
mod p1349 {
    use typedis::cmd::modules::search::ft_sugadd::NeedScore;
}
mod p1350 {
    use typedis::cmd::modules::search::ft_sugadd::NeedString;
}
mod p1351 {
    use typedis::cmd::modules::search::ft_sugadd::Ready;
}
mod p1352 {
    use typedis::cmd::modules::search::ft_sugdel::NeedKey;
}
mod p1353 {
    use typedis::cmd::modules::search::ft_sugdel::NeedString;
}
mod p1354 {
    use typedis::cmd::modules::search::ft_sugdel::Ready;
}
mod p1355 {
    use typedis::cmd::modules::search::ft_sugget::NeedKey;
}
mod p1356 {
    use typedis::cmd::modules::search::ft_sugget::NeedPrefix;
}
mod p1357 {
    use typedis::cmd::modules::search::ft_sugget::Ready;
}
mod p1358 {
    use typedis::cmd::modules::search::ft_suglen::NeedKey;
}
mod p1359 {
    use typedis::cmd::modules::search::ft_suglen::Ready;
}
mod p1360 {
    use typedis::cmd::modules::search::ft_syndump::NeedIndex;
}
mod p1361 {
    use typedis::cmd::modules::search::ft_syndump::Ready;
}
mod p1362 {
    use typedis::cmd::modules::search::ft_synupdate::NeedIndex;
}
mod p1363 {
    use typedis::cmd::modules::search::ft_synupdate::NeedSynonymGroupId;
}
mod p1364 {
    use typedis::cmd::modules::search::ft_synupdate::NeedTerm;
}
mod p1365 {
    use typedis::cmd::modules::search::ft_synupdate::Ready;
}
mod p1366 {
    use typedis::cmd::modules::search::ft_tagvals::NeedFieldName;
}
mod p1367 {
    use typedis::cmd::modules::search::ft_tagvals::NeedIndex;
}
mod p1368 {
    use typedis::cmd::modules::search::ft_tagvals::Ready;
}
mod p1369 {
    use typedis::cmd::modules::search::replies::FtInfoCursorStats;
}
mod p1370 {
    use typedis::cmd::modules::search::replies::FtInfoFieldStatistic;
}
mod p1371 {
    use typedis::cmd::modules::search::replies::FtInfoFieldStatisticIndexErrors;
}
mod p1372 {
    use typedis::cmd::modules::search::replies::FtInfoGcStats;
}
mod p1373 {
    use typedis::cmd::modules::search::replies::FtInfoIndexDefinition;
}
mod p1374 {
    use typedis::cmd::modules::search::replies::FtInfoIndexErrors;
}
mod p1375 {
    use typedis::cmd::modules::search::replies::FtInfoReply;
}
mod p1376 {
    use typedis::cmd::modules::timeseries::replies::TsInfoChunk;
}
mod p1377 {
    use typedis::cmd::modules::timeseries::replies::TsInfoReply;
}
mod p1378 {
    use typedis::cmd::modules::timeseries::ts_add::NeedKey;
}
mod p1379 {
    use typedis::cmd::modules::timeseries::ts_add::NeedTimestamp;
}
mod p1380 {
    use typedis::cmd::modules::timeseries::ts_add::NeedValue;
}
mod p1381 {
    use typedis::cmd::modules::timeseries::ts_add::Ready;
}
mod p1382 {
    use typedis::cmd::modules::timeseries::ts_alter::NeedKey;
}
mod p1383 {
    use typedis::cmd::modules::timeseries::ts_alter::Ready;
}
mod p1384 {
    use typedis::cmd::modules::timeseries::ts_create::NeedKey;
}
mod p1385 {
    use typedis::cmd::modules::timeseries::ts_create::Ready;
}
mod p1386 {
    use typedis::cmd::modules::timeseries::ts_createrule::NeedAggregator;
}
mod p1387 {
    use typedis::cmd::modules::timeseries::ts_createrule::NeedBucketDuration;
}
mod p1388 {
    use typedis::cmd::modules::timeseries::ts_createrule::NeedDestKey;
}
mod p1389 {
    use typedis::cmd::modules::timeseries::ts_createrule::NeedSourceKey;
}
mod p1390 {
    use typedis::cmd::modules::timeseries::ts_createrule::Ready;
}
mod p1391 {
    use typedis::cmd::modules::timeseries::ts_decrby::NeedKey;
}
mod p1392 {
    use typedis::cmd::modules::timeseries::ts_decrby::NeedSubtrahend;
}
mod p1393 {
    use typedis::cmd::modules::timeseries::ts_decrby::Ready;
}
mod p1394 {
    use typedis::cmd::modules::timeseries::ts_del::NeedFromTimestamp;
}
mod p1395 {
    use typedis::cmd::modules::timeseries::ts_del::NeedKey;
}
mod p1396 {
    use typedis::cmd::modules::timeseries::ts_del::NeedToTimestamp;
}
mod p1397 {
    use typedis::cmd::modules::timeseries::ts_del::Ready;
}
mod p1398 {
    use typedis::cmd::modules::timeseries::ts_deleterule::NeedDestKey;
}
mod p1399 {
    use typedis::cmd::modules::timeseries::ts_deleterule::NeedSourceKey;
}
mod p1400 {
    use typedis::cmd::modules::timeseries::ts_deleterule::Ready;
}
mod p1401 {
    use typedis::cmd::modules::timeseries::ts_get::NeedKey;
}
mod p1402 {
    use typedis::cmd::modules::timeseries::ts_get::Ready;
}
mod p1403 {
    use typedis::cmd::modules::timeseries::ts_incrby::NeedAddend;
}
mod p1404 {
    use typedis::cmd::modules::timeseries::ts_incrby::NeedKey;
}
mod p1405 {
    use typedis::cmd::modules::timeseries::ts_incrby::Ready;
}
mod p1406 {
    use typedis::cmd::modules::timeseries::ts_info::NeedKey;
}
mod p1407 {
    use typedis::cmd::modules::timeseries::ts_info::Ready;
}
mod p1408 {
    use typedis::cmd::modules::timeseries::ts_madd::NeedSample;
}
mod p1409 {
    use typedis::cmd::modules::timeseries::ts_madd::Ready;
}
mod p1410 {
    use typedis::cmd::modules::timeseries::ts_mget::NeedFilterExpr;
}
mod p1411 {
    use typedis::cmd::modules::timeseries::ts_mget::Ready;
}
mod p1412 {
    use typedis::cmd::modules::timeseries::ts_mrange::NeedFilterExpr;
}
mod p1413 {
    use typedis::cmd::modules::timeseries::ts_mrange::NeedFromTimestamp;
}
mod p1414 {
    use typedis::cmd::modules::timeseries::ts_mrange::NeedToTimestamp;
}
mod p1415 {
    use typedis::cmd::modules::timeseries::ts_mrange::Ready;
}
mod p1416 {
    use typedis::cmd::modules::timeseries::ts_mrevrange::NeedFilterExpr;
}
mod p1417 {
    use typedis::cmd::modules::timeseries::ts_mrevrange::NeedFromTimestamp;
}
mod p1418 {
    use typedis::cmd::modules::timeseries::ts_mrevrange::NeedToTimestamp;
}
mod p1419 {
    use typedis::cmd::modules::timeseries::ts_mrevrange::Ready;
}
mod p1420 {
    use typedis::cmd::modules::timeseries::ts_queryindex::NeedFilterExpr;
}
mod p1421 {
    use typedis::cmd::modules::timeseries::ts_queryindex::Ready;
}
mod p1422 {
    use typedis::cmd::modules::timeseries::ts_range::NeedFromTimestamp;
}
mod p1423 {
    use typedis::cmd::modules::timeseries::ts_range::NeedKey;
}
mod p1424 {
    use typedis::cmd::modules::timeseries::ts_range::NeedToTimestamp;
}
mod p1425 {
    use typedis::cmd::modules::timeseries::ts_range::Ready;
}
mod p1426 {
    use typedis::cmd::modules::timeseries::ts_revrange::NeedFromTimestamp;
}
mod p1427 {
    use typedis::cmd::modules::timeseries::ts_revrange::NeedKey;
}
mod p1428 {
    use typedis::cmd::modules::timeseries::ts_revrange::NeedToTimestamp;
}
mod p1429 {
    use typedis::cmd::modules::timeseries::ts_revrange::Ready;
}
mod p1430 {
    use typedis::cmd::sentinel_commands::replies::SentinelConfigReply;
}
mod p1431 {
    use typedis::cmd::sentinel_commands::replies::SentinelPendingScriptsEntry;
}
mod p1432 {
    use typedis::cmd::sentinel_commands::sentinel_ckquorum::NeedPrimaryName;
}
mod p1433 {
    use typedis::cmd::sentinel_commands::sentinel_ckquorum::Ready;
}
mod p1434 {
    use typedis::cmd::sentinel_commands::sentinel_config::NeedAction;
}
mod p1435 {
    use typedis::cmd::sentinel_commands::sentinel_config::ReadyAfterParameter;
}
mod p1436 {
    use typedis::cmd::sentinel_commands::sentinel_config::ReadyAfterSet;
}
mod p1437 {
    use typedis::cmd::sentinel_commands::sentinel_debug::Ready;
}
mod p1438 {
    use typedis::cmd::sentinel_commands::sentinel_failover::NeedPrimaryName;
}
mod p1439 {
    use typedis::cmd::sentinel_commands::sentinel_failover::Ready;
}
mod p1440 {
    use typedis::cmd::sentinel_commands::sentinel_flushconfig::Ready;
}
mod p1441 {
    use typedis::cmd::sentinel_commands::sentinel_get_master_addr_by_name::NeedPrimaryName;
}
mod p1442 {
    use typedis::cmd::sentinel_commands::sentinel_get_master_addr_by_name::Ready;
}
mod p1443 {
    use typedis::cmd::sentinel_commands::sentinel_get_primary_addr_by_name::NeedPrimaryName;
}
mod p1444 {
    use typedis::cmd::sentinel_commands::sentinel_get_primary_addr_by_name::Ready;
}
mod p1445 {
    use typedis::cmd::sentinel_commands::sentinel_help::Ready;
}
mod p1446 {
    use typedis::cmd::sentinel_commands::sentinel_info_cache::NeedNodename;
}
mod p1447 {
    use typedis::cmd::sentinel_commands::sentinel_info_cache::Ready;
}
mod p1448 {
    use typedis::cmd::sentinel_commands::sentinel_is_master_down_by_addr::NeedCurrentEpoch;
}
mod p1449 {
    use typedis::cmd::sentinel_commands::sentinel_is_master_down_by_addr::NeedIp;
}
mod p1450 {
    use typedis::cmd::sentinel_commands::sentinel_is_master_down_by_addr::NeedPort;
}
mod p1451 {
    use typedis::cmd::sentinel_commands::sentinel_is_master_down_by_addr::NeedRunid;
}
mod p1452 {
    use typedis::cmd::sentinel_commands::sentinel_is_master_down_by_addr::Ready;
}
mod p1453 {
    use typedis::cmd::sentinel_commands::sentinel_is_primary_down_by_addr::NeedCurrentEpoch;
}
mod p1454 {
    use typedis::cmd::sentinel_commands::sentinel_is_primary_down_by_addr::NeedIp;
}
mod p1455 {
    use typedis::cmd::sentinel_commands::sentinel_is_primary_down_by_addr::NeedPort;
}
mod p1456 {
    use typedis::cmd::sentinel_commands::sentinel_is_primary_down_by_addr::NeedRunid;
}
mod p1457 {
    use typedis::cmd::sentinel_commands::sentinel_is_primary_down_by_addr::Ready;
}
mod p1458 {
    use typedis::cmd::sentinel_commands::sentinel_master::NeedPrimaryName;
}
mod p1459 {
    use typedis::cmd::sentinel_commands::sentinel_master::Ready;
}
mod p1460 {
    use typedis::cmd::sentinel_commands::sentinel_masters::Ready;
}
mod p1461 {
    use typedis::cmd::sentinel_commands::sentinel_monitor::NeedIp;
}
mod p1462 {
    use typedis::cmd::sentinel_commands::sentinel_monitor::NeedName;
}
mod p1463 {
    use typedis::cmd::sentinel_commands::sentinel_monitor::NeedPort;
}
mod p1464 {
    use typedis::cmd::sentinel_commands::sentinel_monitor::NeedQuorum;
}
mod p1465 {
    use typedis::cmd::sentinel_commands::sentinel_monitor::Ready;
}
mod p1466 {
    use typedis::cmd::sentinel_commands::sentinel_myid::Ready;
}
mod p1467 {
    use typedis::cmd::sentinel_commands::sentinel_pending_scripts::Ready;
}
mod p1468 {
    use typedis::cmd::sentinel_commands::sentinel_primaries::Ready;
}
mod p1469 {
    use typedis::cmd::sentinel_commands::sentinel_primary::NeedPrimaryName;
}
mod p1470 {
    use typedis::cmd::sentinel_commands::sentinel_primary::Ready;
}
mod p1471 {
    use typedis::cmd::sentinel_commands::sentinel_remove::NeedPrimaryName;
}
mod p1472 {
    use typedis::cmd::sentinel_commands::sentinel_remove::Ready;
}
mod p1473 {
    use typedis::cmd::sentinel_commands::sentinel_replicas::NeedPrimaryName;
}
mod p1474 {
    use typedis::cmd::sentinel_commands::sentinel_replicas::Ready;
}
mod p1475 {
    use typedis::cmd::sentinel_commands::sentinel_reset::NeedPattern;
}
mod p1476 {
    use typedis::cmd::sentinel_commands::sentinel_reset::Ready;
}
mod p1477 {
    use typedis::cmd::sentinel_commands::sentinel_sentinels::NeedPrimaryName;
}
mod p1478 {
    use typedis::cmd::sentinel_commands::sentinel_sentinels::Ready;
}
mod p1479 {
    use typedis::cmd::sentinel_commands::sentinel_set::NeedData;
}
mod p1480 {
    use typedis::cmd::sentinel_commands::sentinel_set::NeedPrimaryName;
}
mod p1481 {
    use typedis::cmd::sentinel_commands::sentinel_set::Ready;
}
mod p1482 {
    use typedis::cmd::sentinel_commands::sentinel_simulate_failure::Ready;
}
mod p1483 {
    use typedis::cmd::sentinel_commands::sentinel_slaves::NeedPrimaryName;
}
mod p1484 {
    use typedis::cmd::sentinel_commands::sentinel_slaves::Ready;
}
mod p1485 {
    use typedis::cmd::state::Chose;
}
mod p1486 {
    use typedis::cmd::state::Done;
}
mod p1487 {
    use typedis::cmd::state::Open;
}
mod p1488 {
    use typedis::cmd::state::Set;
}
mod p1489 {
    use typedis::cmd::state::Unset;
}
mod p1490 {
    use typedis::reply::Added;
}
mod p1491 {
    use typedis::reply::BloomInfoValue;
}
mod p1492 {
    use typedis::reply::Bytes;
}
mod p1493 {
    use typedis::reply::ClientInfo;
}
mod p1494 {
    use typedis::reply::ClientList;
}
mod p1495 {
    use typedis::reply::CompactionRule;
}
mod p1496 {
    use typedis::reply::CompactionRules;
}
mod p1497 {
    use typedis::reply::ConfigHelp;
}
mod p1498 {
    use typedis::reply::ConfigOption;
}
mod p1499 {
    use typedis::reply::Fields;
}
mod p1500 {
    use typedis::reply::FieldsIter;
}
mod p1501 {
    use typedis::reply::FieldsRef;
}
mod p1502 {
    use typedis::reply::GeoMatch;
}
mod p1503 {
    use typedis::reply::Info;
}
mod p1504 {
    use typedis::reply::InfoSection;
}
mod p1505 {
    use typedis::reply::JsonKeys;
}
mod p1506 {
    use typedis::reply::JsonMatch;
}
mod p1507 {
    use typedis::reply::JsonMatches;
}
mod p1508 {
    use typedis::reply::JsonNumbers;
}
mod p1509 {
    use typedis::reply::JsonResp;
}
mod p1510 {
    use typedis::reply::JsonTypes;
}
mod p1511 {
    use typedis::reply::LastSample;
}
mod p1512 {
    use typedis::reply::LcsMatch;
}
mod p1513 {
    use typedis::reply::List;
}
mod p1514 {
    use typedis::reply::ListIntoIter;
}
mod p1515 {
    use typedis::reply::ListIter;
}
mod p1516 {
    use typedis::reply::Map;
}
mod p1517 {
    use typedis::reply::MapIntoIter;
}
mod p1518 {
    use typedis::reply::MapIter;
}
mod p1519 {
    use typedis::reply::Misspelled;
}
mod p1520 {
    use typedis::reply::MultiSeries;
}
mod p1521 {
    use typedis::reply::PrimaryAddr;
}
mod p1522 {
    use typedis::reply::RawVector;
}
mod p1523 {
    use typedis::reply::Role;
}
mod p1524 {
    use typedis::reply::RoleReplica;
}
mod p1525 {
    use typedis::reply::Sample;
}
mod p1526 {
    use typedis::reply::ScanPage;
}
mod p1527 {
    use typedis::reply::ScoredMember;
}
mod p1528 {
    use typedis::reply::SearchAttribute;
}
mod p1529 {
    use typedis::reply::SearchDoc;
}
mod p1530 {
    use typedis::reply::SearchFields;
}
mod p1531 {
    use typedis::reply::SearchPage;
}
mod p1532 {
    use typedis::reply::SearchProfile;
}
mod p1533 {
    use typedis::reply::SearchResults;
}
mod p1534 {
    use typedis::reply::SentinelNode;
}
mod p1535 {
    use typedis::reply::Series;
}
mod p1536 {
    use typedis::reply::ServerHello;
}
mod p1537 {
    use typedis::reply::SlotNode;
}
mod p1538 {
    use typedis::reply::SlotRange;
}
mod p1539 {
    use typedis::reply::SpellCheck;
}
mod p1540 {
    use typedis::reply::StreamEntries;
}
mod p1541 {
    use typedis::reply::StreamEntriesIntoIter;
}
mod p1542 {
    use typedis::reply::StreamEntriesIter;
}
mod p1543 {
    use typedis::reply::StreamEntry;
}
mod p1544 {
    use typedis::reply::StreamEntryRef;
}
mod p1545 {
    use typedis::reply::Suggestion;
}
mod p1546 {
    use typedis::reply::Suggestions;
}
mod p1547 {
    use typedis::reply::Values;
}
mod p1548 {
    use typedis::reply::ValuesIntoIter;
}
mod p1549 {
    use typedis::reply::ValuesIter;
}
mod p1550 {
    use typedis::reply::VectorMatch;
}
mod p1551 {
    use typedis::resp::DecodeError;
}
mod p1552 {
    use typedis::resp::DecodeErrorKind;
}
mod p1553 {
    use typedis::resp::Frame;
}
mod p1554 {
    use typedis::resp::FrameScanner;
}
mod p1555 {
    use typedis::resp::Kind;
}
mod p1556 {
    use typedis::resp::Limits;
}
mod p1557 {
    use typedis::resp::ProtocolError;
}
mod p1558 {
    use typedis::resp::ProtocolErrorKind;
}
mod p1559 {
    use typedis::resp::Reader;
}
mod p1560 {
    use typedis::resp::decode;
}
mod p1561 {
    use typedis::search::Distance;
}
mod p1562 {
    use typedis::search::Field;
}
mod p1563 {
    use typedis::search::FlatVector;
}
mod p1564 {
    use typedis::search::GeoField;
}
mod p1565 {
    use typedis::search::GeoShapeField;
}
mod p1566 {
    use typedis::search::GroupBy;
}
mod p1567 {
    use typedis::search::HnswVector;
}
mod p1568 {
    use typedis::search::NumericField;
}
mod p1569 {
    use typedis::search::Order;
}
mod p1570 {
    use typedis::search::Reducer;
}
mod p1571 {
    use typedis::search::Return;
}
mod p1572 {
    use typedis::search::SortBy;
}
mod p1573 {
    use typedis::search::Step;
}
mod p1574 {
    use typedis::search::TagField;
}
mod p1575 {
    use typedis::search::TextField;
}
mod p1576 {
    use typedis::search::Vector;
}
mod p1577 {
    use typedis::search::VectorField;
}
mod p1578 {
    use typedis::search::VectorType;
}
mod p1579 {
    use typedis::sentinel::DEFAULT_SENTINEL_PORT;
}
mod p1580 {
    use typedis::sentinel::ReadFrom;
}
mod p1581 {
    use typedis::sentinel::SentinelClient;
}
mod p1582 {
    use typedis::sentinel::SentinelConfig;
}
mod p1583 {
    use typedis::sentinel::SentinelStats;
}

/// The paths whose item moved name the same type by the old path and the new.
#[test]
fn old_and_new_paths_of_a_moved_item_name_one_type() {
    use std::any::TypeId;
    fn same<A: 'static, B: 'static>() -> bool {
        TypeId::of::<A>() == TypeId::of::<B>()
    }
    assert!(same::<
        typedis::cmd::builders::replies::AclLogEntry,
        typedis::reply::AclLogEntry,
    >());
    assert!(same::<
        typedis::cmd::modules::search::replies::FtInfoReply,
        typedis::reply::FtInfoReply,
    >());
    assert!(same::<typedis::FrameScanner, typedis::resp::FrameScanner>());
    assert!(same::<typedis::Value, typedis::reply::Value>());
    assert!(same::<typedis::ServerError, typedis::reply::ServerError>());
}
