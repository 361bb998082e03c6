"""A short summary of this device: operating system, host name, processors, memory, disks and uptime.

Runs on Windows, macOS and Linux with the Python standard library only.
"""
import os
import platform
import shutil
import socket
import subprocess
import sys
import time


def memory_mb():
    """Total and available memory in MB, or None where the system does not say."""
    if sys.platform.startswith("linux"):
        values = {}
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                key, _, rest = line.partition(":")
                values[key] = int(rest.split()[0]) // 1024
        return values.get("MemTotal"), values.get("MemAvailable")
    if sys.platform == "darwin":
        total = int(subprocess.run(["sysctl", "-n", "hw.memsize"], capture_output=True, text=True, check=True).stdout)
        return total // 1048576, None
    if sys.platform == "win32":
        import ctypes

        class MemoryStatus(ctypes.Structure):
            _fields_ = [
                ("dwLength", ctypes.c_ulong),
                ("dwMemoryLoad", ctypes.c_ulong),
                ("ullTotalPhys", ctypes.c_ulonglong),
                ("ullAvailPhys", ctypes.c_ulonglong),
                ("ullTotalPageFile", ctypes.c_ulonglong),
                ("ullAvailPageFile", ctypes.c_ulonglong),
                ("ullTotalVirtual", ctypes.c_ulonglong),
                ("ullAvailVirtual", ctypes.c_ulonglong),
                ("ullAvailExtendedVirtual", ctypes.c_ulonglong),
            ]

        status = MemoryStatus()
        status.dwLength = ctypes.sizeof(MemoryStatus)
        ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status))
        return status.ullTotalPhys // 1048576, status.ullAvailPhys // 1048576
    return None, None


def uptime_hours():
    if sys.platform.startswith("linux"):
        with open("/proc/uptime", encoding="ascii") as uptime:
            return float(uptime.read().split()[0]) / 3600
    if sys.platform == "win32":
        import ctypes

        return ctypes.windll.kernel32.GetTickCount64() / 3_600_000
    if sys.platform == "darwin":
        out = subprocess.run(["sysctl", "-n", "kern.boottime"], capture_output=True, text=True, check=True).stdout
        booted = int(out.split("sec =")[1].split(",")[0])
        return (time.time() - booted) / 3600
    return None


def disks():
    if sys.platform == "win32":
        import string

        return [f"{letter}:\\" for letter in string.ascii_uppercase if os.path.exists(f"{letter}:\\")]
    return ["/"] + [path for path in ("/home", "/var", "/System/Volumes/Data") if os.path.ismount(path)]


def main():
    print(f"Host name:  {socket.gethostname()}")
    print(f"System:     {platform.system()} {platform.release()} ({platform.version()})")
    print(f"Machine:    {platform.machine()}, {os.cpu_count()} logical processor(s)")
    total, available = memory_mb()
    if total:
        print(f"Memory:     {total} MB" + (f", {available} MB available" if available is not None else ""))
    hours = uptime_hours()
    if hours is not None:
        print(f"Up:         {hours / 24:.1f} day(s)")
    for disk in disks():
        try:
            usage = shutil.disk_usage(disk)
        except OSError:
            continue
        print(f"Disk {disk}: {usage.free / 1e9:.1f} GB free of {usage.total / 1e9:.1f} GB")
    print(f"Python:     {platform.python_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
