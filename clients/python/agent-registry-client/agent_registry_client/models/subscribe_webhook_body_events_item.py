from enum import StrEnum


class SubscribeWebhookBodyEventsItem(StrEnum):
    DOMAIN_EXPIRED = "domain.expired"
    DOMAIN_EXPIRING = "domain.expiring"
    DOMAIN_GRACE_STARTED = "domain.grace_started"
    DOMAIN_REGISTERED = "domain.registered"
    DOMAIN_RENEWAL_FAILED = "domain.renewal_failed"
    DOMAIN_RENEWED = "domain.renewed"
    DOMAIN_SOLD = "domain.sold"
    DOMAIN_TRANSFERRED = "domain.transferred"
    MANDATE_APPROVAL_DECIDED = "mandate.approval_decided"
    MANDATE_APPROVAL_REQUESTED = "mandate.approval_requested"
    PROFILE_UPDATED = "profile.updated"

    def __str__(self) -> str:
        return str(self.value)
