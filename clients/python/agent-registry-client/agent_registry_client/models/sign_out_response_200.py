from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sign_out_response_200_status import SignOutResponse200Status

T = TypeVar("T", bound="SignOutResponse200")


@_attrs_define
class SignOutResponse200:
    """
    Attributes:
        status (SignOutResponse200Status):
    """

    status: SignOutResponse200Status

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = SignOutResponse200Status(d.pop("status"))

        sign_out_response_200 = cls(
            status=status,
        )

        return sign_out_response_200
