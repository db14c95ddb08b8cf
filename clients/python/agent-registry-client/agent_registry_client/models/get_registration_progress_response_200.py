from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_registration_progress_response_200_status import GetRegistrationProgressResponse200Status

T = TypeVar("T", bound="GetRegistrationProgressResponse200")


@_attrs_define
class GetRegistrationProgressResponse200:
    """
    Attributes:
        status (GetRegistrationProgressResponse200Status):
        domain (str):
        workflow_id (str):
        stage (str):
        session_id (str):
        payment_method (str):
        expires_at (str):
    """

    status: GetRegistrationProgressResponse200Status
    domain: str
    workflow_id: str
    stage: str
    session_id: str
    payment_method: str
    expires_at: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain

        workflow_id = self.workflow_id

        stage = self.stage

        session_id = self.session_id

        payment_method = self.payment_method

        expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "workflow_id": workflow_id,
                "stage": stage,
                "session_id": session_id,
                "payment_method": payment_method,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = GetRegistrationProgressResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        workflow_id = d.pop("workflow_id")

        stage = d.pop("stage")

        session_id = d.pop("session_id")

        payment_method = d.pop("payment_method")

        expires_at = d.pop("expires_at")

        get_registration_progress_response_200 = cls(
            status=status,
            domain=domain,
            workflow_id=workflow_id,
            stage=stage,
            session_id=session_id,
            payment_method=payment_method,
            expires_at=expires_at,
        )

        return get_registration_progress_response_200
