from enum import StrEnum


class GetRegistrationOrderResponse200State(StrEnum):
    ACTIVATING = "activating"
    AWAITING_APPROVAL = "awaiting_approval"
    AWAITING_PAYMENT = "awaiting_payment"
    CANCELLED = "cancelled"
    DONE = "done"
    EXPIRED_UNPAID = "expired_unpaid"
    IDENTITY_REGISTERED = "identity_registered"
    PURCHASED = "purchased"
    REFUSED = "refused"
    REGISTERED = "registered"
    RENEWED = "renewed"
    VERIFYING = "verifying"

    def __str__(self) -> str:
        return str(self.value)
