-- The default ticket ruleset (issue 20): exactly one ruleset is always the default (ticket_ruleset_default's one
-- row); this seeds it. A condition ruleset with the form's defaults: the condition's priority and severity.
INSERT INTO "ticket_rulesets" ("name", "type", "enabled", "trigger_settings", "reset_settings", "re_trigger_settings")
VALUES (
	'Default',
	'CONDITION_RULE',
	true,
	'{"ticketFormId":null,"status":null,"tags":[],"priority":null,"severity":null,"useOwnerAsRequester":false}'::jsonb,
	NULL,
	'{"createNewTicket":false,"status":null,"tags":[],"priority":null,"severity":null}'::jsonb
);
--> statement-breakpoint
INSERT INTO "ticket_ruleset_default" ("singleton", "ruleset_id")
SELECT true, "id" FROM "ticket_rulesets" WHERE "name" = 'Default';
