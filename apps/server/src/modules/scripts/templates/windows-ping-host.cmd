@echo off
setlocal
rem Ping a host and report whether it answers.
rem Parameters: the host name or address, then how many pings (default 4).
set "HOST=%~1"
set "COUNT=%~2"
if "%HOST%"=="" (
  echo Give the host to ping. 1>&2
  exit /b 2
)
if "%COUNT%"=="" set "COUNT=4"
ping -n %COUNT% "%HOST%"
rem ping succeeds on "unreachable" replies too: only an echo reply carries TTL=.
ping -n 1 "%HOST%" | find "TTL=" >nul
if errorlevel 1 (
  echo %HOST% does not answer. 1>&2
  exit /b 1
)
echo %HOST% answers.
exit /b 0
