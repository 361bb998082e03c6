"""Check whether a TCP port answers: connects to host:port and reports the time it took.

Parameters: the host name or address, the port, and the timeout in seconds (default 5).
Exits 0 when the port accepts the connection, 1 when it does not, 2 for a bad parameter.
"""
import socket
import sys
import time


def main(argv):
    host = argv[1] if len(argv) > 1 else ""
    port_text = argv[2] if len(argv) > 2 else ""
    timeout_text = argv[3] if len(argv) > 3 and argv[3] else "5"
    if not host or not port_text:
        print("Give the host and the port to check.", file=sys.stderr)
        return 2
    try:
        port = int(port_text)
        timeout = float(timeout_text)
    except ValueError:
        print("The port and the timeout are numbers.", file=sys.stderr)
        return 2
    if not 0 < port < 65536:
        print(f"Not a port number: {port}", file=sys.stderr)
        return 2
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        print(f"{host} cannot be resolved: {error}", file=sys.stderr)
        return 1
    for family, kind, protocol, _name, address in addresses:
        started = time.monotonic()
        try:
            with socket.socket(family, kind, protocol) as connection:
                connection.settimeout(timeout)
                connection.connect(address)
        except OSError as error:
            print(f"{address[0]} port {port}: closed or filtered ({error})")
            continue
        elapsed = (time.monotonic() - started) * 1000
        print(f"{address[0]} port {port}: open ({elapsed:.1f} ms)")
        return 0
    print(f"{host} port {port} does not accept connections.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
