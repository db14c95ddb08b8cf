from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.approve_approval_response_200_status import ApproveApprovalResponse200Status

if TYPE_CHECKING:
    from ..models.approval import Approval


T = TypeVar("T", bound="ApproveApprovalResponse200")


@_attrs_define
class ApproveApprovalResponse200:
    """
    Attributes:
        status (ApproveApprovalResponse200Status):
        approval (Approval):
    """

    status: ApproveApprovalResponse200Status
    approval: Approval

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval import Approval  # noqa: PLC0415

        d = dict(src_dict)
        status = ApproveApprovalResponse200Status(d.pop("status"))

        approval = Approval.from_dict(d.pop("approval"))

        approve_approval_response_200 = cls(
            status=status,
            approval=approval,
        )

        return approve_approval_response_200
