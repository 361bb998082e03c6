# Restart a Windows service (and the services that depend on it) and show its state afterwards.
param([string]$Name)
if (-not $Name) {
  Write-Error 'Give the name of the service to restart.'
  exit 2
}
$service = Get-Service -Name $Name -ErrorAction SilentlyContinue
if (-not $service) {
  $service = Get-Service -DisplayName $Name -ErrorAction SilentlyContinue
}
if (-not $service) {
  Write-Error "There is no service called $Name."
  exit 3
}
Write-Output "Restarting $($service.DisplayName) ($($service.Name))..."
try {
  Restart-Service -InputObject $service -Force -ErrorAction Stop
} catch {
  Write-Error "The service could not be restarted: $($_.Exception.Message)"
  exit 1
}
$service.WaitForStatus('Running', [TimeSpan]::FromSeconds(30))
$service.Refresh()
Write-Output "$($service.Name) is $($service.Status)."
if ($service.Status -ne 'Running') { exit 1 }
exit 0
