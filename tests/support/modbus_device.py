"""A Modbus TCP device for the connector tests: pymodbus's own server (not Pegel's code).

Run with Debian's python (`/usr/bin/python3 modbus_device.py <port>`). It serves 1000 coils,
discrete inputs, holding and input registers from address 0 (zero mode: the wire address is the
table index) and prints `ready <port>` once it listens. Lines on stdin change it "at the device":

    set <table> <address> <value> [<value> ...]   table: co di hr ir; registers as 0..65535
    get <table> <address> <count>                 answers `value <table> <address> v1 v2 ...`
    fail <table> <first> <last>                   reads touching first..last answer exception 2
    heal <table>                                  no more exceptions for that table
    quit

Every command is answered by one line (`ok`, `value ...` or `error ...`), so the test can wait
for it.
"""

import asyncio
import logging
import sys

from pymodbus.datastore import (
    ModbusSequentialDataBlock,
    ModbusServerContext,
    ModbusSlaveContext,
)
from pymodbus.server.async_io import ModbusTcpServer

SIZE = 1000


class FailingBlock(ModbusSequentialDataBlock):
    """A sequential block that answers "illegal data address" for a chosen range."""

    def __init__(self, address, values):
        super().__init__(address, values)
        self.failing = None

    def validate(self, address, count=1):
        if self.failing is not None:
            first, last = self.failing
            if address <= last and address + count - 1 >= first:
                return False
        return super().validate(address, count)


def main():
    port = int(sys.argv[1])
    logging.basicConfig(level=logging.CRITICAL)
    blocks = {
        "co": FailingBlock(0, [False] * SIZE),
        "di": FailingBlock(0, [False] * SIZE),
        "hr": FailingBlock(0, [0] * SIZE),
        "ir": FailingBlock(0, [0] * SIZE),
    }
    slave = ModbusSlaveContext(
        co=blocks["co"], di=blocks["di"], hr=blocks["hr"], ir=blocks["ir"], zero_mode=True
    )
    context = ModbusServerContext(slaves=slave, single=True)

    def command(line):
        parts = line.split()
        if not parts:
            return None
        verb = parts[0]
        if verb == "quit":
            sys.exit(0)
        table = blocks.get(parts[1]) if len(parts) > 1 else None
        if table is None:
            return "error unknown table"
        if verb == "set":
            address = int(parts[2])
            raw = [int(v) for v in parts[3:]]
            values = [bool(v) for v in raw] if parts[1] in ("co", "di") else raw
            table.setValues(address, values)
            return "ok"
        if verb == "get":
            address, count = int(parts[2]), int(parts[3])
            values = [int(v) for v in table.getValues(address, count)]
            return "value " + " ".join([parts[1], str(address)] + [str(v) for v in values])
        if verb == "fail":
            table.failing = (int(parts[2]), int(parts[3]))
            return "ok"
        if verb == "heal":
            table.failing = None
            return "ok"
        return "error unknown command"

    async def run():
        loop = asyncio.get_running_loop()
        server = ModbusTcpServer(
            context, address=("127.0.0.1", port), allow_reuse_address=True, defer_start=True
        )
        serving = asyncio.ensure_future(server.serve_forever())
        while server.server is None:
            await asyncio.sleep(0.01)
        print(f"ready {port}", flush=True)
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while True:
            line = await reader.readline()
            if not line:
                break
            try:
                answer = command(line.decode().strip())
            except (ValueError, IndexError) as error:
                answer = f"error {error}"
            if answer is not None:
                print(answer, flush=True)
        serving.cancel()

    asyncio.run(run())


if __name__ == "__main__":
    main()
