"""A Bridgemate Data Connector on 127.0.0.1 for the tests: no BCS runs here, so this small HTTP server answers as
the Data Connector does (developer's guide: GET / pings, POST /dc-scoringprogram takes a ScoringProgramRequest
and answers a ScoringProgramResponse), from the client's golden response fixtures in
../shared/data/bridgemate/fixtures/responses/. It keeps what it was sent, and a result queue the test fills as the
Bridgemates at the tables would.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bridgemate_dataconnector import validate_init_dto, validate_result_dto
from bridgemate_dataconnector.dto import InitDTO, ResultDTO

from tests.shared import shared_path

PING_ANSWER = "Bridgemate dataconnector service version 5.0 (Traveller's test double)"


def fixtures() -> Path:
    return shared_path("data", "bridgemate", "fixtures")


def fixture(kind: str, name: str) -> dict:
    return json.loads((fixtures() / kind / f"{name}.json").read_text(encoding="utf-8"))


class DataConnector:
    """Start with `with DataConnector() as dc:`; `dc.url` is its base address."""

    def __init__(self) -> None:
        # Without ../shared/ the test skips here, in its own thread: a skip raised in the server's thread would
        # reach the client as a dropped connection, a failure.
        fixtures()
        self.requests: list[dict] = []
        self.queue: list[tuple[int, dict]] = []  # (queue item id, ResultDTO as the wire has it)
        self.accepted = 0
        self.canned: dict[int, str] = {}  # command -> a fixture's text, answered as it is
        self._next_id = 1
        self._lock = threading.Lock()

    def enqueue(self, *results: dict) -> None:
        with self._lock:
            for result in results:
                self.queue.append((self._next_id, result))
                self._next_id += 1

    def sent(self, command: int) -> list[dict]:
        """The requests received with this command, their SerializedData parsed."""
        return [
            request
            | {"SerializedData": json.loads(request["SerializedData"]) if request["SerializedData"] else None}
            for request in self.requests
            if request["Command"] == command
        ]

    def answer(self, request: dict) -> str:
        command, guid = request["Command"], request["SessionGuid"]
        if command in self.canned:
            return self.canned[command]

        def like(name: str, **values) -> str:
            return json.dumps(
                fixture("responses", name) | {"RequestCommand": command, "SessionGuid": guid} | values
            )

        def error(message: str) -> str:
            return like("Error", SerializedData=json.dumps(message))

        data = request["SerializedData"]
        if command == 4:  # Ping: the data comes back
            return like("Ping", SerializedData=data)
        if command == 5:  # InitializeEvent
            init = InitDTO.from_dict(json.loads(data))
            if not validate_init_dto(init):
                return error("; ".join(init.validation_messages or []))
            return like("InitializeEvent")
        if command == 10:  # PutResults
            for item in json.loads(data):
                result = ResultDTO.from_dict(item)
                if result.session_guid != guid or not validate_result_dto(result):
                    return error("The DTO did not validate.")
            return like("AcceptResultQueueItems", SerializedData=json.dumps("Results received"))
        if command == 19:  # PollQueueForNewResults
            with self._lock:
                new = [(i, r) for i, r in self.queue if i > self.accepted and r["SessionGuid"] == guid]
            return like(
                "PollQueueForNewResults",
                LastQueueItemId=new[-1][0] if new else 0,
                SerializedData=json.dumps([r for _, r in new], separators=(",", ":")),
            )
        if command == 27:  # AcceptResultQueueItems
            with self._lock:
                self.accepted = max(self.accepted, json.loads(data))
            return like("AcceptResultQueueItems")
        return error(f"command {command} is not answered by the test double")

    def __enter__(self) -> DataConnector:
        connector = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                self._reply(PING_ANSWER, "text/plain")

            def do_POST(self):
                if self.path != "/dc-scoringprogram":
                    self.send_error(404)
                    return
                body = self.rfile.read(int(self.headers["Content-Length"])).decode("utf-8")
                request = json.loads(body)
                with connector._lock:
                    connector.requests.append(request)
                self._reply(connector.answer(request), "application/json")

            def _reply(self, text: str, kind: str):
                payload = text.encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)  # a free port
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()
