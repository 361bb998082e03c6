# List the installed programs (the Uninstall registry keys, 64-bit, 32-bit and per-user) with their versions.
# Filter: only programs whose name contains this text (default: all).
param([string]$Filter = '')
$keys = @(
  'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Uninstall\*',
  'HKLM:\SOFTWARE\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\*',
  'HKCU:\SOFTWARE\Microsoft\Windows\CurrentVersion\Uninstall\*'
)
$programs = Get-ItemProperty -Path $keys -ErrorAction SilentlyContinue |
  Where-Object { $_.DisplayName -and -not $_.SystemComponent } |
  Where-Object { -not $Filter -or $_.DisplayName -like "*$Filter*" } |
  Sort-Object -Property DisplayName -Unique |
  Select-Object DisplayName, DisplayVersion, Publisher, InstallDate
$programs | Format-Table -AutoSize | Out-String -Width 300
Write-Output "$(@($programs).Count) program(s)"
exit 0
