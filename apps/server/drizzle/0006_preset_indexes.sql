CREATE INDEX "devices_disk_idx" ON "devices" USING btree ("disk_percent");--> statement-breakpoint
CREATE INDEX "devices_pending_reboot_idx" ON "devices" USING btree ("id") WHERE "devices"."pending_reboot";--> statement-breakpoint
CREATE INDEX "devices_patch_failures_idx" ON "devices" USING btree ("patch_failures");--> statement-breakpoint
CREATE INDEX "devices_install_issues_idx" ON "devices" USING btree ("install_issues");--> statement-breakpoint
CREATE INDEX "devices_class_idx" ON "devices" USING btree ("device_class");--> statement-breakpoint
CREATE INDEX "devices_remote_tools_idx" ON "devices" USING btree (jsonb_array_length("remote_support_tools"));