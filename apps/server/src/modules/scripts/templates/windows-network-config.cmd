@echo off
rem Network configuration: adapters and addresses, DNS servers and the IPv4 routing table.
echo Host name: %COMPUTERNAME%
ipconfig /all
echo.
echo == Routes ==
route print -4
exit /b 0
