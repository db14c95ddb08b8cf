from enum import StrEnum


class ApprovalOperation(StrEnum):
    BUY = "buy"
    IDENTITY = "identity"
    OFFER = "offer"
    REGISTER = "register"
    RENEW = "renew"

    def __str__(self) -> str:
        return str(self.value)
