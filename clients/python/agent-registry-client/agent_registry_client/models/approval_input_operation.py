from enum import StrEnum


class ApprovalInputOperation(StrEnum):
    BUY = "buy"
    OFFER = "offer"
    REGISTER = "register"
    RENEW = "renew"

    def __str__(self) -> str:
        return str(self.value)
