from enum import IntEnum


class X402IndexJsonResponse200Version(IntEnum):
    VALUE_1 = 1

    def __str__(self) -> str:
        return str(self.value)
