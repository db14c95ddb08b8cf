from enum import StrEnum


class GetRegistrationOrderResponse200OrderStatus(StrEnum):
    CANCELLED = "cancelled"
    EXPIRED_UNPAID = "expired_unpaid"
    PAID = "paid"
    PENDING = "pending"
    REFUSED = "refused"

    def __str__(self) -> str:
        return str(self.value)
