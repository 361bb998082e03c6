@echo off
rem Flush the DNS resolver cache of Windows.
ipconfig /flushdns
if errorlevel 1 exit /b 1
echo The DNS cache was flushed.
exit /b 0
