from enum import StrEnum


class ReconcileRegistrationOrderResponse200OrderStatus(StrEnum):
    CANCELLED = "cancelled"
    EXPIRED_UNPAID = "expired_unpaid"
    PAID = "paid"
    PENDING = "pending"
    REFUSED = "refused"

    def __str__(self) -> str:
        return str(self.value)
