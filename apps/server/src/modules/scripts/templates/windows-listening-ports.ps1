# List the TCP and UDP ports this device listens on, with the owning process.
$names = @{}
Get-Process | ForEach-Object { $names[$_.Id] = $_.ProcessName }
if (Get-Command -Name Get-NetTCPConnection -ErrorAction SilentlyContinue) {
  Write-Output '== TCP (listening) =='
  Get-NetTCPConnection -State Listen | Sort-Object LocalPort |
    Select-Object LocalAddress, LocalPort, OwningProcess, @{ Name = 'Process'; Expression = { $names[[int]$_.OwningProcess] } } |
    Format-Table -AutoSize | Out-String -Width 200
  Write-Output '== UDP =='
  Get-NetUDPEndpoint | Sort-Object LocalPort |
    Select-Object LocalAddress, LocalPort, OwningProcess, @{ Name = 'Process'; Expression = { $names[[int]$_.OwningProcess] } } |
    Format-Table -AutoSize | Out-String -Width 200
} else {
  netstat -ano | Select-String -Pattern 'LISTENING|UDP'
}
exit 0
