# List the Windows updates waiting to be installed (Windows Update Agent), and whether a restart is pending.
$session = New-Object -ComObject Microsoft.Update.Session
$searcher = $session.CreateUpdateSearcher()
Write-Output 'Searching for updates...'
try {
  $result = $searcher.Search("IsInstalled=0 and IsHidden=0 and Type='Software'")
} catch {
  Write-Error "Windows Update could not be searched: $($_.Exception.Message)"
  exit 1
}
$updates = @($result.Updates)
Write-Output "Pending updates: $($updates.Count)"
foreach ($update in $updates) {
  $kb = ($update.KBArticleIDs | ForEach-Object { "KB$_" }) -join ', '
  $severity = if ($update.MsrcSeverity) { $update.MsrcSeverity } else { 'n/a' }
  $sizeMB = [math]::Round($update.MaxDownloadSize / 1MB, 1)
  Write-Output ("- {0} [{1}] severity: {2}, {3} MB" -f $update.Title, $kb, $severity, $sizeMB)
}
$rebootKeys = @(
  'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\WindowsUpdate\Auto Update\RebootRequired',
  'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Component Based Servicing\RebootPending'
)
if ($rebootKeys | Where-Object { Test-Path -Path $_ }) {
  Write-Output 'A restart is pending to finish earlier updates.'
}
exit 0
