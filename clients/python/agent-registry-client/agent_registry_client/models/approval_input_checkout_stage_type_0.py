from enum import StrEnum


class ApprovalInputCheckoutStageType0(StrEnum):
    ACTIVATING = "activating"
    AWAITING_APPROVAL = "awaiting_approval"
    AWAITING_PAYMENT = "awaiting_payment"
    CANCELLED = "cancelled"
    DONE = "done"
    EXPIRED_UNPAID = "expired_unpaid"
    REFUSED = "refused"
    VERIFYING = "verifying"

    def __str__(self) -> str:
        return str(self.value)
