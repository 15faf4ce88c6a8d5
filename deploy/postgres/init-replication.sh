#!/bin/sh
# Run once by the postgres image on the primary's first start (docker-entrypoint-initdb.d):
# the role the standby streams with, and the pg_hba.conf line that lets it connect.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
